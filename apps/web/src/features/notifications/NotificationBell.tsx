/**
 * The header bell: filled with the unread count while
 * anything is unread; its list (300 px high) shows the newest first, loads more on scroll and ends
 * with 'Yay! You have seen it all'. Clicking an unread item marks it read, and one about a record
 * opens it; an item with a download fetches the file with the user's token and saves it (default name
 * Data.xlsx). "Mark all as read" clears the count. Times read "5 minutes ago", the exact time on hover.
 */
import { inAppPath, type Notification } from '@bm/contracts';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconBell, IconBellFilled, IconDownload } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useHttp } from '../../app/http/HttpContext.tsx';
import { plainErrorMessage } from '../../app/http/plainError.ts';
import { formatNotificationDate, relativeTime } from './bellState.ts';
import { downloadName, downloadPath, saveBlob } from './download.ts';
import classes from './notifications.module.css';
import { useNotificationBell } from './useNotificationBell.ts';

const SEEN_IT_ALL = 'Yay! You have seen it all';

/** The in-app path a notification is about, when it names a safe one. */
export const openPathOf = (n: Notification): string | undefined => {
  const url = n.actions.open?.url;
  return url && inAppPath(url) ? url : undefined;
};

/** A clock for relative times: re-renders each minute. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

function NotificationItem({
  notification,
  now,
  onRead,
}: {
  notification: Notification;
  now: number;
  onRead: (n: Notification) => void;
}) {
  const http = useHttp();
  const detailsId = useId();
  const path = downloadPath(notification);
  const download = async () => {
    if (!path) return;
    const blob = await http.request<Blob>(path, { responseType: 'blob' });
    saveBlob(blob, downloadName(notification));
  };
  // The button holds the title alone, so what it shows is what it is called ("…, unread" added);
  // the description, sender and time are its description. The button still covers the whole item
  // (its ::after), so a click anywhere on it opens the notification.
  return (
    <Box className={classes.item} data-unread={notification.isRead ? undefined : true}>
      <Group gap={6} wrap="nowrap" align="flex-start" className={classes.itemBody}>
        <span className={classes.dot} aria-hidden />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <UnstyledButton
            className={classes.itemButton}
            onClick={() => onRead(notification)}
            aria-label={`${notification.title}${notification.isRead ? '' : ', unread'}`}
            aria-describedby={detailsId}
          >
            <Text span size="sm" fw={notification.isRead ? 400 : 600} lineClamp={2}>
              {notification.title}
            </Text>
          </UnstyledButton>
          <div id={detailsId}>
            {notification.description && (
              <Text size="xs" c="dimmed" lineClamp={3}>
                {notification.description}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {notification.from ? `${notification.from} · ` : ''}
              <time
                dateTime={notification.createdDateUtc}
                title={formatNotificationDate(notification.createdDateUtc)}
              >
                {relativeTime(notification.createdDateUtc, now)}
              </time>
            </Text>
          </div>
        </Stack>
      </Group>
      {path && (
        <Button
          className={classes.itemAction}
          size="compact-xs"
          variant="light"
          ml={20}
          mb={6}
          leftSection={<IconDownload size={14} aria-hidden />}
          onClick={() => void download().catch(() => {})}
        >
          Download {downloadName(notification)}
        </Button>
      )}
    </Box>
  );
}

export function NotificationBell() {
  const { state, hasMore, loadMore, markRead, markAllRead, live } = useNotificationBell();
  const navigate = useNavigate();
  const now = useNow();
  const [opened, setOpened] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const open = (n: Notification) => {
    void markRead(n).catch(() => {});
    const path = openPathOf(n);
    if (path) {
      setOpened(false);
      navigate(path);
    }
  };
  const unread = state.unreadCount;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <Popover position="bottom-end" width={380} shadow="md" withinPortal opened={opened} onChange={setOpened}>
      {/* The popover's target is the button itself, not the indicator around it: the target gets
          aria-haspopup and aria-expanded, which only a control with a role may carry. */}
      <Indicator
        label={unread > 99 ? '99+' : unread}
        size={16}
        offset={5}
        disabled={unread === 0}
        color="red"
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={label}
            title={label}
            // Whether notifications arrive live (the hub socket is open); tests wait for it.
            data-live={live}
            // A controlled popover: its target does not toggle it on its own.
            onClick={() => setOpened((o) => !o)}
          >
            {unread > 0 ? <IconBellFilled size={20} aria-hidden /> : <IconBell size={20} aria-hidden />}
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p={0} aria-label="Notifications">
        <Group justify="space-between" px="sm" py={8} className={classes.head}>
          <Text fw={600} size="sm">
            Notifications
          </Text>
          {unread > 0 && (
            <Group gap={6}>
              <Badge size="sm" color="red" variant="light">
                {unread} unread
              </Badge>
              <Button
                size="compact-xs"
                variant="subtle"
                onClick={() => {
                  setFailure(null);
                  markAllRead().catch((error: unknown) => setFailure(plainErrorMessage(error)));
                }}
              >
                Mark all as read
              </Button>
            </Group>
          )}
        </Group>
        {failure && (
          <Text size="xs" c="red" px="sm" role="alert">
            {failure}
          </Text>
        )}
        <ScrollArea h={300} onBottomReached={loadMore} type="auto">
          <ul aria-label="Notification list" className={classes.list}>
            {state.items.map((n) => (
              <li key={n.id}>
                <NotificationItem notification={n} now={now} onRead={open} />
              </li>
            ))}
          </ul>
          {hasMore ? (
            <Group justify="center" py="xs">
              <Button variant="subtle" size="compact-xs" onClick={loadMore}>
                Load more
              </Button>
            </Group>
          ) : (
            <Text size="xs" c="dimmed" ta="center" py="sm">
              {state.items.length === 0 ? 'No notifications yet' : SEEN_IT_ALL}
            </Text>
          )}
        </ScrollArea>
      </Popover.Dropdown>
    </Popover>
  );
}
