/**
 * Auto-map of the queue's scope, in one dialog: Preview plans a run (its records scored in the
 * background, with progress); the user then sees how many records it maps at the threshold, a
 * sample and the expected precision, and may change the threshold; Map N records starts it
 * (progress, then the report); Undo run puts back the whole run. The run's notification leads to
 * the queue with `?run=`, which opens the dialog on that run.
 */
import { MAP_AUTO_THRESHOLD, MAP_RECORD_KEY, type MapAutoRun, type MapScope } from '@bm/contracts';
import { Alert, Button, Group, Modal, NumberInput, Progress, Stack, Table, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useHttp } from '../../app/http/HttpContext.tsx';
import { sourceBase } from '../map-actions/useMapActions.tsx';
import { QUEUE_KEY } from './useMapQueue.ts';

interface AutoMapDialogProps {
  opened: boolean;
  onClose: () => void;
  source: string;
  scope: MapScope;
  /** The run the address names (a notification's link), shown when the dialog opens. */
  initialRunId: number | undefined;
}

const WORKING = new Set(['planning', 'running', 'undoing']);

const percent = (value: number | null) => (value === null ? '–' : `${(100 * value).toFixed(1)}%`);

function progressOf(run: MapAutoRun): number {
  if (run.status === 'planning') return run.total === 0 ? 0 : (100 * run.planned) / run.total;
  if (run.status === 'running')
    return run.atThreshold === 0 ? 100 : (100 * (run.mapped + run.skipped)) / run.atThreshold;
  if (run.status === 'undoing') return run.mapped === 0 ? 100 : (100 * (run.undone + run.kept)) / run.mapped;
  return 100;
}

export function AutoMapDialog({ opened, onClose, source, scope, initialRunId }: AutoMapDialogProps) {
  const http = useHttp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const base = sourceBase(source);
  const [threshold, setThreshold] = useState<number>(MAP_AUTO_THRESHOLD);
  const [sending, setSending] = useState(false);
  const [runId, setRunId] = useState(initialRunId);

  const run = useQuery({
    queryKey: ['map-auto', base, runId, threshold],
    enabled: opened && runId !== undefined,
    queryFn: ({ signal }) =>
      http.request<MapAutoRun>(`${base}/auto/${runId}?threshold=${threshold}`, { signal }),
    refetchInterval: (query) => (query.state.data && WORKING.has(query.state.data.status) ? 500 : false),
    placeholderData: (previous) => previous,
  });

  /** Forgets the run; a run the address named leaves the address too. */
  const forgetRun = () => {
    setRunId(undefined);
    const params = new URLSearchParams(search);
    if (!params.has('run')) return;
    params.delete('run');
    navigate({ pathname, search: params.toString() }, { replace: true });
  };

  const send = async (path: string, body?: unknown) => {
    setSending(true);
    try {
      return await http.request<MapAutoRun>(`${base}/auto${path}`, {
        method: 'POST',
        ...(body === undefined ? {} : { body }),
      });
    } catch {
      // Alerted by the HTTP client.
      return undefined;
    } finally {
      setSending(false);
    }
  };
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['map-auto', base] });

  const preview = async () => {
    const answer = await send('/preview', { scope });
    if (answer) setRunId(answer.id);
  };
  const start = async () => {
    if ((await send(`/${runId}/start`, { threshold })) !== undefined) await refresh();
  };
  const undo = async () => {
    if ((await send(`/${runId}/undo`)) !== undefined) await refresh();
  };
  const current = runId === undefined ? undefined : run.data;
  const status = current?.status;
  // A run that ended changed the queue: read it again once per end.
  useEffect(() => {
    if (status === 'done' || status === 'undone')
      void queryClient.invalidateQueries({ queryKey: [QUEUE_KEY] });
  }, [status, queryClient]);

  const close = () => {
    onClose();
    forgetRun();
  };

  return (
    <Modal opened={opened} onClose={close} title="Auto-map" size="lg" centered>
      <Stack gap="sm">
        <Text size="sm">
          Maps every record of this queue's scope whose best candidate is at least as certain as the
          threshold, unless a person mapped, blacklisted, disabled or unmapped it before. Each mapping is
          recorded as automatic, and the whole run can be undone.
        </Text>
        <NumberInput
          label="Threshold (Match %)"
          min={1}
          max={100}
          value={current?.status === 'planned' || current === undefined ? threshold : current.threshold}
          disabled={current !== undefined && current.status !== 'planned'}
          onChange={(value) => setThreshold(typeof value === 'number' ? value : MAP_AUTO_THRESHOLD)}
          w={200}
        />
        {current === undefined && (
          <Group justify="flex-end">
            <Button onClick={() => void preview()} loading={sending}>
              Preview
            </Button>
          </Group>
        )}
        {current && <RunReport run={current} />}
        {current?.status === 'planned' && (
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button onClick={() => void start()} loading={sending} disabled={current.atThreshold === 0}>
              {`Map ${current.atThreshold} record${current.atThreshold === 1 ? '' : 's'}`}
            </Button>
          </Group>
        )}
        {current?.status === 'done' && (
          <Group justify="flex-end">
            <Button color="red" variant="light" onClick={() => void undo()} loading={sending}>
              Undo run
            </Button>
            <Button onClick={close}>Close</Button>
          </Group>
        )}
        {(current?.status === 'undone' || current?.status === 'failed') && (
          <Group justify="flex-end">
            <Button onClick={close}>Close</Button>
          </Group>
        )}
      </Stack>
    </Modal>
  );
}

function RunReport({ run }: { run: MapAutoRun }) {
  if (WORKING.has(run.status)) {
    const what = { planning: 'Scoring', running: 'Mapping', undoing: 'Undoing' }[run.status as 'planning'];
    return (
      <Stack gap={4}>
        <Text size="sm">{`${what}… (run ${run.id})`}</Text>
        <Progress value={progressOf(run)} aria-label={`${what} progress`} animated />
      </Stack>
    );
  }
  if (run.status === 'failed')
    return (
      <Alert color="red" title="The run failed">
        {run.error}
      </Alert>
    );
  return (
    <Stack gap="xs" aria-label="Auto-map report" component="section">
      {run.status === 'planned' && (
        <>
          <Text size="sm" fw={500}>
            {`${run.atThreshold} of ${run.total} record(s) have a candidate at Match ≥ ${run.threshold}%.`}
          </Text>
          <Text size="sm">{`Expected precision: ${percent(run.expectedPrecision)}. ${run.basis}`}</Text>
          {run.sample.length > 0 && (
            <Table withTableBorder aria-label="Sample">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Record</Table.Th>
                  <Table.Th>Maps to</Table.Th>
                  <Table.Th style={{ textAlign: 'right' }}>Match %</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {run.sample.map((s) => (
                  <Table.Tr key={s[MAP_RECORD_KEY]}>
                    <Table.Td>{s.name}</Table.Td>
                    <Table.Td>{s.candidate}</Table.Td>
                    <Table.Td style={{ textAlign: 'right' }}>{s.match}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </>
      )}
      {run.status === 'done' && (
        <Text size="sm" fw={500}>
          {`Run ${run.id} done: ${run.mapped} mapped automatically at Match ≥ ${run.threshold}%, ${run.skipped} skipped (changed meanwhile).`}
        </Text>
      )}
      {run.status === 'undone' && (
        <Text size="sm" fw={500}>
          {`Run ${run.id} undone: ${run.undone} mapping(s) undone, ${run.kept} kept (changed by a person since).`}
        </Text>
      )}
    </Stack>
  );
}
