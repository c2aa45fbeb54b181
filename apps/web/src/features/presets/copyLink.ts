/**
 * Copy link: the list's address, which holds the chosen view and its filters, goes to the clipboard.
 * Where the browser refuses the clipboard (an insecure origin, a denied permission), the link is
 * shown in the toast to copy by hand rather than lost.
 */
import { notifications } from '@mantine/notifications';

export async function copyLink(href: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(href);
    notifications.show({
      color: 'green',
      message: 'Link copied: it opens this view with these filters for anyone who may see it.',
    });
  } catch {
    notifications.show({ color: 'yellow', title: 'Copy this link', message: href, autoClose: false });
  }
}
