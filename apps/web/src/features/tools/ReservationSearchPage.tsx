/**
 * Reservation search: one box over the reservation number, the customer's name and email, the
 * supplier and the locations (names match despite typos), with a pick-up date range and statuses.
 * The text is sent 300 ms after the last key; at most 50 results, the best match first, each a link
 * to the reservation's view.
 */
import { RESERVATION_STATUSES, type ReservationHit, SEARCH_LIMIT } from '@bm/contracts';
import { Alert, Anchor, Badge, Chip, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { HttpError } from '../../app/http/HttpError.ts';
import { PageHeader } from '../shell/PageHeader.tsx';
import { useReservationSearch } from './toolQueries.ts';

const DEBOUNCE_MS = 300;

function Hit({ hit }: { hit: ReservationHit }) {
  return (
    <Paper withBorder p="sm" component="li">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Anchor component={Link} to={`/reservation/view/${hit.id}`} fw={600}>
            {hit.reservationNumber} — {hit.customerName}
          </Anchor>
          <Text size="sm" c="dimmed">
            {hit.customerEmail} · {hit.supplier} · {hit.pickupLocation} → {hit.dropoffLocation} · pick-up{' '}
            {hit.pickupDate.slice(0, 10)}
          </Text>
        </div>
        <Badge variant="light">{hit.status}</Badge>
      </Group>
    </Paper>
  );
}

/** The server's message, with the fields it names ("from: from must be a date …"). */
function errorText(error: Error): string {
  const fields = error instanceof HttpError ? error.body?.errors : undefined;
  return fields ? Object.values(fields).join('; ') : error.message;
}

export function ReservationSearchPage() {
  const [text, setText] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [status, setStatus] = useState<string[]>([]);
  const [q] = useDebouncedValue(text, DEBOUNCE_MS);
  const search = useReservationSearch({ q, from, to, status });
  const ready = q.trim().length >= 2;

  return (
    <>
      <PageHeader />
      <Stack gap="sm" maw={960}>
        <TextInput
          label="Search reservations"
          description="Reservation number, customer name or email, supplier or location"
          placeholder="e.g. BM-00001234 or Anna Schmidt"
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={search.isFetching ? <Loader size="xs" aria-label="Searching" /> : null}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          autoFocus
        />
        <Group gap="md" align="flex-end">
          <TextInput
            type="date"
            label="Pick-up from"
            value={from}
            onChange={(e) => setFrom(e.currentTarget.value)}
          />
          <TextInput
            type="date"
            label="Pick-up to"
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
          />
          <Chip.Group multiple value={status} onChange={setStatus}>
            <Group gap={6} aria-label="Status">
              {RESERVATION_STATUSES.map((s) => (
                <Chip key={s} value={s} size="sm">
                  {s}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Group>
        {!ready ? (
          <Text size="sm" c="dimmed">
            Type at least 2 characters to search.
          </Text>
        ) : search.isError ? (
          <Alert color="red" title="The search failed">
            {errorText(search.error)}
          </Alert>
        ) : search.data ? (
          search.data.length === 0 ? (
            <Text size="sm">No reservation matches.</Text>
          ) : (
            <>
              <Text size="sm" c="dimmed">
                {search.data.length === SEARCH_LIMIT
                  ? `The best ${SEARCH_LIMIT} matches; narrow the search to see others.`
                  : `${search.data.length} match${search.data.length === 1 ? '' : 'es'}, best first.`}
              </Text>
              <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Results">
                {search.data.map((hit) => (
                  <Hit key={hit.id} hit={hit} />
                ))}
              </Stack>
            </>
          )
        ) : (
          <Loader size="sm" aria-label="Loading" />
        )}
      </Stack>
    </>
  );
}
