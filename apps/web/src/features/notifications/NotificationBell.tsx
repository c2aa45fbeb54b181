/**
 * The header bell: filled with the unread count while
 * anything is unread; its list (300 px high) shows the newest first, loads more on scroll and ends
 * with 'Yay! You have seen it all'. Clicking an unread item marks it read; an item with a download
 * fetches the file with the user's token and saves it (default name Data.xlsx).
 */
import type { Notification } from '@bm/contracts';
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
import { useHttp } from '../../app/http/HttpContext.tsx';
import { formatNotificationDate } from './bellState.ts';
import { downloadName, downloadPath, saveBlob } from './download.ts';
import classes from './notifications.module.css';
import { useNotificationBell } from './useNotificationBell.ts';

const SEEN_IT_ALL = 'Yay! You have seen it all';

function NotificationItem({
  notification,
  onRead,
}: {
  notification: Notification;
  onRead: (n: Notification) => void;
}) {
  const http = useHttp();
  const path = downloadPath(notification);
  const download = async () => {
    if (!path) return;
    const blob = await http.request<Blob>(path, { responseType: 'blob' });
    saveBlob(blob, downloadName(notification));
  };
  return (
    <Box className={classes.item} data-unread={notification.isRead ? undefined : true}>
      <UnstyledButton
        className={classes.itemButton}
        onClick={() => onRead(notification)}
        aria-label={`${notification.title}${notification.isRead ? '' : ', unread'}`}
      >
        <Group gap={6} wrap="nowrap" align="flex-start">
          <span className={classes.dot} aria-hidden />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text size="sm" fw={notification.isRead ? 400 : 600} lineClamp={2}>
              {notification.title}
            </Text>
            {notification.description && (
              <Text size="xs" c="dimmed" lineClamp={3}>
                {notification.description}
              </Text>
            )}
            <Text size="xs" c="dimmed">
              {notification.from ? `${notification.from} · ` : ''}
              {formatNotificationDate(notification.createdDateUtc)}
            </Text>
          </Stack>
        </Group>
      </UnstyledButton>
      {path && (
        <Button
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
  const { state, hasMore, loadMore, markRead } = useNotificationBell();
  const unread = state.unreadCount;
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <Popover position="bottom-end" width={380} shadow="md" withinPortal>
      <Popover.Target>
        <Indicator
          label={unread > 99 ? '99+' : unread}
          size={16}
          offset={5}
          disabled={unread === 0}
          color="red"
        >
          <ActionIcon variant="subtle" color="gray" size="lg" aria-label={label} title={label}>
            {unread > 0 ? <IconBellFilled size={20} aria-hidden /> : <IconBell size={20} aria-hidden />}
          </ActionIcon>
        </Indicator>
      </Popover.Target>
      <Popover.Dropdown p={0} aria-label="Notifications">
        <Group justify="space-between" px="sm" py={8} className={classes.head}>
          <Text fw={600} size="sm">
            Notifications
          </Text>
          {unread > 0 && (
            <Badge size="sm" color="red" variant="light">
              {unread} unread
            </Badge>
          )}
        </Group>
        <ScrollArea h={300} onBottomReached={loadMore} type="auto">
          <ul aria-label="Notification list" className={classes.list}>
            {state.items.map((n) => (
              <li key={n.id}>
                <NotificationItem notification={n} onRead={(item) => void markRead(item).catch(() => {})} />
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
