/**
 * The working view (the hidden 'state' preset) is one per user and list on the server, so two tabs
 * on the same list write the same one. Each tab announces its writes to the others of the browser;
 * a tab that hears of a write to its list says so in a toast instead of letting the other tab's
 * view leak in silently. The tab keeps what it shows; its next change saves over the other's.
 */
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';

const CHANNEL = 'bm-working-view';
const TAB = Math.random().toString(36).slice(2);

interface Announcement {
  rightName: string;
  tab: string;
}

const isAnnouncement = (data: unknown): data is Announcement =>
  typeof data === 'object' &&
  data !== null &&
  typeof (data as Announcement).rightName === 'string' &&
  typeof (data as Announcement).tab === 'string';

const channel = (): BroadcastChannel | null =>
  typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);

/** Tells the other tabs this tab saved its working view of a list. */
export function announceWorkingView(rightName: string): void {
  const out = channel();
  out?.postMessage({ rightName, tab: TAB } satisfies Announcement);
  out?.close();
}

const CHANGED_ELSEWHERE_TITLE = 'Changed in another tab';
const CHANGED_ELSEWHERE_MESSAGE =
  'Another tab changed your unsaved view of this list. This tab keeps what it shows; your next change here replaces the other tab’s.';

/** While a list is open, tells the user when another tab saves its working view. */
export function useWorkingViewElsewhere(rightName: string, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const inbox = channel();
    if (!inbox) return;
    inbox.onmessage = (event: MessageEvent<unknown>) => {
      const { data } = event;
      if (!isAnnouncement(data) || data.tab === TAB || data.rightName !== rightName) return;
      notifications.show({
        id: `working-view-${rightName}`,
        color: 'yellow',
        title: CHANGED_ELSEWHERE_TITLE,
        message: CHANGED_ELSEWHERE_MESSAGE,
        autoClose: 8000,
      });
    };
    return () => inbox.close();
  }, [rightName, enabled]);
}
