/**
 * The dashboards (`/dashboard/:id`, docs/adr/0029-dashboards.md): the ones the person may see, one
 * at a time, each a grid of panels over the lists behind them, with a time range (today, 7 days,
 * 30 days) and a refresh every minute, and at once for the panels a live notification concerns.
 * `/dashboard` opens the first. Loaded lazily: the charts
 * stay out of the list screens' download.
 */
import '@mantine/charts/styles.css';
import '@mantine/dates/styles.css';
import type { Dashboard, Notification } from '@bm/contracts';
import { Button, Group, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconPencil, IconRefresh } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router';
import { useHttp } from '../../app/http/HttpContext.tsx';
import { NOTIFICATION_EVENT } from '../notifications/useNotificationBell.ts';
import { DashboardEditor } from './DashboardEditor.tsx';
import { DashboardPanelView } from './DashboardPanelView.tsx';
import { customRange, notificationTouches, RANGES, type RangeKey, rangeOf } from './dashboardQuery.ts';

const REFRESH_SECONDS = 60;

export default function DashboardScreen() {
  const { id } = useParams();
  const http = useHttp();
  const queryClient = useQueryClient();
  const [range, setRange] = useState<RangeKey>('7d');
  // The dashboard being edited (its id), for those who may edit dashboards.
  const [editing, setEditing] = useState<string | null>(null);
  // The window moves on with each refresh (and with a change of range).
  const [now, setNow] = useState(() => new Date());
  const dashboards = useQuery({
    queryKey: ['dashboards'],
    queryFn: ({ signal }) => http.request<Dashboard[]>('/api/dashboards', { signal }),
    staleTime: 5 * 60_000,
  });
  // The chosen days of a custom range (`YYYY-MM-DD`), first and last; until both are chosen the
  // panels keep the last 7 days.
  const [days, setDays] = useState<[string | null, string | null]>([null, null]);
  const [first, last] = days;
  const window = useMemo(
    () =>
      (range === 'custom' && first && last ? customRange(first, last) : undefined) ??
      rangeOf(range === 'custom' ? '7d' : range, now),
    [range, first, last, now],
  );
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const shown = dashboards.data?.find((d) => d.id === id);

  // A live notification about what a panel counts (an export finished, a record changed) refreshes
  // that panel at once, not at the next minute.
  useEffect(() => {
    if (!shown) return;
    const onNotification = (event: Event) => {
      const { actions } = (event as CustomEvent<Notification>).detail;
      const touched = shown.panels.filter((panel) => notificationTouches(actions, panel));
      if (touched.length === 0) return;
      setNow(new Date());
      void queryClient.invalidateQueries({
        predicate: ({ queryKey: [kind, url] }) =>
          kind === 'dashboard-panel' &&
          typeof url === 'string' &&
          touched.some((panel) => url.startsWith(`${panel.api}/aggregate`)),
      });
    };
    globalThis.addEventListener(NOTIFICATION_EVENT, onNotification);
    return () => globalThis.removeEventListener(NOTIFICATION_EVENT, onNotification);
  }, [shown, queryClient]);

  if (dashboards.isPending) return null;
  const all = dashboards.data ?? [];
  if (id === undefined) {
    const first = all[0];
    return first ? <Navigate to={`/dashboard/${first.id}`} replace /> : <NoDashboard />;
  }
  const dashboard = all.find((d) => d.id === id);
  if (!dashboard) return <NoDashboard others={all} />;
  const previous = RANGES.find((r) => r.value === range)?.previous ?? 'before';
  if (editing === dashboard.id) return <DashboardEditor id={dashboard.id} onClose={() => setEditing(null)} />;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {dashboard.title}
          </Title>
          {all.length > 1 && (
            <Group gap="xs" aria-label="Dashboards">
              {all.map((d) => (
                <Button
                  key={d.id}
                  component={Link}
                  to={`/dashboard/${d.id}`}
                  size="compact-sm"
                  variant={d.id === dashboard.id ? 'light' : 'subtle'}
                  aria-current={d.id === dashboard.id ? 'page' : undefined}
                >
                  {d.title}
                </Button>
              ))}
            </Group>
          )}
        </Stack>
        <Group gap="xs">
          <SegmentedControl
            aria-label="Time range"
            value={range}
            onChange={(value) => {
              setRange(value as RangeKey);
              setNow(new Date());
            }}
            data={RANGES.map((r) => ({ value: r.value, label: r.label }))}
          />
          {range === 'custom' && (
            <DatePickerInput
              type="range"
              aria-label="Days"
              placeholder="First and last day"
              valueFormat="YYYY-MM-DD"
              value={days}
              onChange={(value) => setDays([value[0] ?? null, value[1] ?? null])}
              maxDate={new Date()}
              allowSingleDateInRange
              w={230}
            />
          )}
          {dashboard.editable && (
            <Button
              variant="default"
              leftSection={<IconPencil size={16} aria-hidden />}
              onClick={() => setEditing(dashboard.id)}
            >
              Edit dashboard
            </Button>
          )}
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} aria-hidden />}
            onClick={() => {
              setNow(new Date());
              void queryClient.invalidateQueries({ queryKey: ['dashboard-panel'] });
            }}
          >
            Refresh
          </Button>
        </Group>
      </Group>
      {dashboard.panels.length === 0 && (
        <Text c="dimmed">
          This dashboard has no panel you may see{dashboard.editable ? ': edit it to add one.' : '.'}
        </Text>
      )}
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md">
        {dashboard.panels.map((panel) => (
          <DashboardPanelView
            key={panel.id}
            panel={panel}
            window={window}
            previous={{ ...window.previous, label: previous }}
            timeZone={timeZone}
            refreshSeconds={REFRESH_SECONDS}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function NoDashboard({ others = [] }: { others?: readonly Dashboard[] }) {
  return (
    <Stack gap="xs">
      <Title order={1} size="h2">
        No such dashboard
      </Title>
      <Text>
        {others.length > 0
          ? 'This dashboard does not exist, or shows nothing you may see. Yours:'
          : 'No dashboard shows anything you may see.'}
      </Text>
      {others.map((d) => (
        <Button key={d.id} component={Link} to={`/dashboard/${d.id}`} variant="subtle" w="fit-content">
          {d.title}
        </Button>
      ))}
    </Stack>
  );
}
