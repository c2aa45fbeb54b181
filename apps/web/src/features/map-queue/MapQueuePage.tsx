/**
 * The mapping queue of a map list's area (`/{segment}/mapqueue`, the Map right): the records to map,
 * most certain first, in the scope the address names (the filters the queue publishes); the record beside
 * its top five candidates with their Match % and evidence; the keys of queueKeys.ts; a toast with
 * Undo after each action; Auto-map… for the scope. Everything about the area comes from the default
 * preset of its map list (source, header, procedure, queue filters), so no area is named here.
 */
import type { AppRoute, MapHeader } from '@bm/contracts';
import { Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconArrowLeft, IconWand } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { MapHeaderCard } from '../list/MapHeaderCard.tsx';
import { ScreenLoader } from '../loading/ScreenLoader.tsx';
import { NoPresetNotice } from '../presets/NoPresetNotice.tsx';
import { parsePresetDefinition } from '../presets/parsePresetDefinition.ts';
import { usePresets } from '../presets/presetQueries.ts';
import { PageHeader } from '../shell/PageHeader.tsx';
import { AutoMapDialog } from './AutoMapDialog.tsx';
import { QueueScopeBar } from './QueueScopeBar.tsx';
import { queueCommandOf } from './queueKeys.ts';
import { scopeFromSearch, scopeToSearch } from './queueScope.ts';
import { type MapQueue, useMapQueue } from './useMapQueue.ts';

interface MapQueuePageProps {
  route: AppRoute;
  table: readonly AppRoute[];
}

export function MapQueuePage({ route, table }: MapQueuePageProps) {
  const getMap = table.find((r) => r.kind === 'getmap' && r.listPath === route.listPath);
  const presets = usePresets(getMap?.right ?? '');
  if (!getMap) return <NoPresetNotice />;
  if (presets.isPending) return <ScreenLoader />;
  const preset = presets.data?.find((p) => p.name === 'default') ?? presets.data?.[0];
  const definition = preset ? parsePresetDefinition(preset.definition) : null;
  const header = definition?.settings?.mapHeader;
  const source = definition?.source ?? '';
  if (!header?.queue || source === '')
    return (
      <>
        <PageHeader />
        <NoPresetNotice />
      </>
    );
  return (
    <QueueScreen
      label={route.label ?? ''}
      listPath={route.listPath ?? '/'}
      source={source}
      header={header}
      storedProcedure={header.recordActions?.storedProcedure ?? ''}
    />
  );
}

interface QueueScreenProps {
  label: string;
  listPath: string;
  source: string;
  header: MapHeader;
  storedProcedure: string;
}

function QueueScreen({ label, listPath, source, header, storedProcedure }: QueueScreenProps) {
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const scopeFilters = header.queue?.filters ?? [];
  const scope = scopeFromSearch(search, scopeFilters);
  const queue = useMapQueue({ source, header, storedProcedure, scope });
  const [autoOpen, setAutoOpen] = useState(() => new URLSearchParams(search).has('run'));
  const busy = useRef(false);
  const region = useRef<HTMLElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (autoOpen || busy.current) return;
      const command = queueCommandOf(event);
      if (!command) return;
      event.preventDefault();
      busy.current = true;
      const run = async () => {
        if (command.type === 'map') await queue.map(command.index);
        else if (command.type === 'blacklist') await queue.blacklist();
        else if (command.type === 'disable') await queue.disable();
        else if (command.type === 'skip') queue.skip();
        else await queue.undo();
      };
      void run().finally(() => {
        busy.current = false;
        region.current?.focus();
      });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [queue, autoOpen]);

  const runParam = new URLSearchParams(search).get('run');
  return (
    <>
      <PageHeader
        title={`Mapping queue · ${label}`}
        toolbar={
          <>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconWand size={14} aria-hidden />}
              onClick={() => setAutoOpen(true)}
            >
              Auto-map…
            </Button>
            <Button
              size="xs"
              variant="default"
              component={Link}
              to={listPath}
              leftSection={<IconArrowLeft size={14} aria-hidden />}
            >
              Back to list
            </Button>
          </>
        }
      />
      <QueueScopeBar
        filters={scopeFilters}
        scope={scope}
        onChange={(next) => navigate({ pathname, search: scopeToSearch(next) })}
      />
      <section aria-label="Mapping queue" tabIndex={-1} ref={region} style={{ outline: 'none' }}>
        <QueueBody queue={queue} header={header} />
      </section>
      <AutoMapDialog
        opened={autoOpen}
        onClose={() => setAutoOpen(false)}
        source={source}
        scope={scope}
        initialRunId={runParam ? Number(runParam) : undefined}
      />
    </>
  );
}

function QueueBody({ queue, header }: { queue: MapQueue; header: MapHeader }) {
  if (queue.next.isPending) return <ScreenLoader />;
  const next = queue.next.data;
  if (queue.recordId === undefined)
    return (
      <Paper withBorder p="xl">
        <Text ta="center">Nothing left to map here.</Text>
      </Paper>
    );
  const row = queue.record.data ?? undefined;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm" c="dimmed" aria-live="polite" data-testid="queue-status">
          {next ? `${next.remaining} to map` : ''}
          {next && next.scored < next.remaining
            ? ` · ordered by certainty among ${next.scored} scored so far`
            : ''}
        </Text>
        <Text size="xs" c="dimmed">
          Enter map the first · 1–5 map that one · B blacklist · D disable · S or → skip · U undo
        </Text>
      </Group>
      {row && <MapHeaderCard header={header} record={row} />}
      <Table withTableBorder striped highlightOnHover aria-label="Candidates">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Key</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th>Code</Table.Th>
            <Table.Th>Detail</Table.Th>
            <Table.Th>Evidence</Table.Th>
            <Table.Th style={{ textAlign: 'right' }}>Match %</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(queue.candidates.data ?? []).map((c, index) => (
            <Table.Tr key={c.targetId}>
              <Table.Td>
                <Badge variant="default">{index + 1}</Badge>
              </Table.Td>
              <Table.Td>{c.name}</Table.Td>
              <Table.Td ff="monospace">{c.code}</Table.Td>
              <Table.Td>{c.detail}</Table.Td>
              <Table.Td>{c.evidence ?? '–'}</Table.Td>
              <Table.Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
                {c.match ?? '–'}
              </Table.Td>
              <Table.Td>
                <Button size="compact-xs" variant="light" onClick={() => void queue.map(index)}>
                  Map
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {queue.candidates.data?.length === 0 && (
        <Text size="sm">No candidates: blacklist (B) or disable (D) it.</Text>
      )}
      <Group gap="xs">
        <Button size="xs" variant="default" onClick={() => void queue.blacklist()}>
          Add to blacklist
        </Button>
        <Button size="xs" variant="default" color="red" onClick={() => void queue.disable()}>
          Disable
        </Button>
        <Button size="xs" variant="default" onClick={() => queue.skip()}>
          Skip
        </Button>
        <Button size="xs" variant="default" disabled={!queue.last} onClick={() => void queue.undo()}>
          Undo last
        </Button>
      </Group>
    </Stack>
  );
}
