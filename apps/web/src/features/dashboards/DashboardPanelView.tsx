/**
 * One dashboard panel (docs/adr/0029-dashboards.md): its figures from its list's aggregate, drawn as
 * a number (with its change against the period before), a line, bars, a donut, a progress bar of
 * each group's share or a table of the top groups, with a sentence
 * saying the figures for those who do not see the chart and a table view of them. Clicking a number,
 * a bar or a slice opens the list behind it with the same conditions. Refreshed with the dashboard.
 */
import { type AggregateAnswer, type DashboardPanel, panelAggregateUrl, type TimeWindow } from '@bm/contracts';
import { BarChart, DonutChart, LineChart } from '@mantine/charts';
import { Anchor, Button, Card, Group, Loader, Progress, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useHttp } from '../../app/http/HttpContext.tsx';
import { changeText, figureText, keyLabel, listLink, summaryText } from './dashboardQuery.ts';

const COLORS = [
  'blue.6',
  'teal.6',
  'orange.6',
  'grape.6',
  'red.6',
  'yellow.6',
  'cyan.6',
  'lime.6',
  'pink.6',
  'gray.6',
];

interface PanelProps {
  panel: DashboardPanel;
  window: TimeWindow;
  previous: TimeWindow & { label: string };
  timeZone: string;
  /** Seconds between refreshes; the dashboard's. */
  refreshSeconds: number;
}

export function DashboardPanelView({ panel, window, previous, timeZone, refreshSeconds }: PanelProps) {
  const http = useHttp();
  const navigate = useNavigate();
  const [asTable, setAsTable] = useState(false);
  const headingId = useId();
  const ranged = panel.range ? window : undefined;
  const url = panelAggregateUrl(panel, timeZone, ranged);
  const figures = useQuery({
    queryKey: ['dashboard-panel', url],
    queryFn: ({ signal }) => http.request<AggregateAnswer>(url, { signal, silent: true, background: true }),
    refetchInterval: refreshSeconds * 1000,
  });
  const before =
    panel.kind === 'number' && panel.range ? panelAggregateUrl(panel, timeZone, previous) : undefined;
  const earlier = useQuery({
    queryKey: ['dashboard-panel', before],
    queryFn: ({ signal }) =>
      http.request<AggregateAnswer>(before ?? '', { signal, silent: true, background: true }),
    enabled: before !== undefined,
    refetchInterval: refreshSeconds * 1000,
  });
  const groups = figures.data?.groups ?? [];
  const bucket = panel.params.bucket;
  const data = groups.map((g) => ({ key: keyLabel(g.key, bucket, panel.groupLabels), value: g.value ?? 0 }));
  // A click names the label it shows; the list is filtered by the value behind it.
  const open = (label?: string) => {
    const group = groups.find((g) => keyLabel(g.key, bucket, panel.groupLabels) === label);
    navigate(listLink(panel, ranged, group?.key));
  };

  return (
    <Card withBorder padding="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={3} size="h5" id={headingId}>
          {panel.title}
        </Title>
        {panel.kind !== 'number' && panel.kind !== 'table' && figures.isSuccess && (
          <Button size="compact-xs" variant="subtle" onClick={() => setAsTable((t) => !t)}>
            {asTable ? 'Show chart' : 'Show table'}
          </Button>
        )}
      </Group>
      {figures.isPending && <Loader size="sm" aria-label={`Loading ${panel.title}`} />}
      {figures.isError && (
        <Text size="sm" c="red">
          These figures could not be loaded.
        </Text>
      )}
      {figures.isSuccess && panel.kind === 'number' && (
        <>
          <Anchor
            component={Link}
            to={listLink(panel, ranged)}
            fz={32}
            fw={700}
            aria-label={`${panel.title}: ${figureText(groups[0]?.value, figures.data.exact)}, open the list`}
          >
            {figureText(groups[0]?.value, figures.data.exact)}
          </Anchor>
          {earlier.isSuccess && (
            <Text size="sm" c="dimmed">
              {changeText(groups[0]?.value ?? 0, earlier.data.groups[0]?.value ?? 0, previous.label)}
            </Text>
          )}
        </>
      )}
      {figures.isSuccess && panel.kind !== 'number' && (
        <>
          <Text size="xs" c="dimmed" mb="xs">
            {summaryText(panel.title, groups, bucket, panel.groupLabels)}
          </Text>
          {asTable || panel.kind === 'table' || data.length === 0 ? (
            <Table aria-label={panel.title}>
              <Table.Tbody>
                {data.map((row, rank) => (
                  <Table.Tr key={groups[rank]?.key ?? row.key}>
                    {panel.kind === 'table' && (
                      <Table.Td c="dimmed" w={32}>
                        {rank + 1}
                      </Table.Td>
                    )}
                    <Table.Td>
                      {panel.params.groupBy ? (
                        <Anchor component={Link} to={listLink(panel, ranged, groups[rank]?.key)}>
                          {row.key}
                        </Anchor>
                      ) : (
                        row.key
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{figureText(row.value)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : panel.kind === 'progress' ? (
            <ProgressView
              title={panel.title}
              rows={data.map((row, i) => ({
                ...row,
                color: COLORS[i % COLORS.length] ?? 'gray.6',
                to: listLink(panel, ranged, groups[i]?.key),
              }))}
            />
          ) : panel.kind === 'line' ? (
            <LineChart
              h={220}
              data={data}
              dataKey="key"
              series={[{ name: 'value', label: panel.title, color: 'blue.6' }]}
              curveType="monotone"
              withDots={false}
            />
          ) : panel.kind === 'bars' ? (
            <BarChart
              h={220}
              data={data}
              dataKey="key"
              series={[{ name: 'value', label: panel.title, color: 'blue.6' }]}
              barProps={{
                cursor: 'pointer',
                onClick: (entry: { payload?: { key?: string } }) => open(entry.payload?.key),
              }}
            />
          ) : (
            <DonutChart
              data={data.map((row, i) => ({
                name: row.key,
                value: row.value,
                color: COLORS[i % COLORS.length] ?? 'gray.6',
              }))}
              withLabelsLine
              withLabels
              pieProps={{
                cursor: 'pointer',
                onClick: (entry: { name?: string }) => open(entry.name),
              }}
            />
          )}
        </>
      )}
    </Card>
  );
}

interface ProgressRow {
  key: string;
  value: number;
  color: string;
  to: string;
}

/** Each group's share of the whole as one bar, and a legend whose entries open their rows. */
function ProgressView({ title, rows }: { title: string; rows: readonly ProgressRow[] }) {
  const total = rows.reduce((sum, row) => sum + row.value, 0);
  const share = (value: number) => (total > 0 ? (value / total) * 100 : 0);
  return (
    <>
      <Progress.Root size="xl" aria-label={`${title}: each group's share`}>
        {rows.map((row) => (
          <Progress.Section
            key={row.key}
            value={share(row.value)}
            color={row.color}
            aria-label={`${row.key}: ${Math.round(share(row.value))}%`}
          />
        ))}
      </Progress.Root>
      <Group gap="md" mt="xs">
        {rows.map((row) => (
          <Group key={row.key} gap={6} wrap="nowrap">
            <span
              aria-hidden
              style={{
                width: 10,
                height: 10,
                borderRadius: 2,
                background: `var(--mantine-color-${row.color.replace('.', '-')})`,
              }}
            />
            <Anchor component={Link} to={row.to} size="sm">
              {row.key} {figureText(row.value)} ({Math.round(share(row.value))}%)
            </Anchor>
          </Group>
        ))}
      </Group>
    </>
  );
}
