/**
 * Reservation search: one box over the reservation number, the customer's name and email, the
 * supplier and the locations (names match despite typos), with a pick-up date range and statuses.
 * The text is sent 300 ms after the last key; at most 50 results, the best match first, each a link
 * to the reservation's view with its pick-up time (the grid's format) and total price. A number
 * finds its reservation however it is typed ("19990", "00019990", "bm-19990"); Enter opens the only
 * hit (searching at once when typing has not paused yet). The hits open in the Reservations list too,
 * filtered to exactly them (reservationListLink.ts); not when the search stopped at its limit, as more
 * may match than the list would hold.
 */
import {
  RESERVATION_STATUS_BADGES,
  RESERVATION_STATUSES,
  type ReservationHit,
  SEARCH_LIMIT,
} from '@bm/contracts';
import { Alert, Anchor, Badge, Chip, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { HttpError } from '../../app/http/HttpError.ts';
import { formatDate } from '../grid/formatCell.ts';
import { PageHeader } from '../shell/PageHeader.tsx';
import { reservationListLink } from './reservationListLink.ts';
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
            {formatDate(hit.pickupDate, true)}
          </Text>
        </div>
        <Stack gap={4} align="flex-end">
          <Text size="sm" fw={600} ff="monospace" aria-label="Total price">
            {PRICE.format(Number(hit.totalPrice))} {hit.currency}
          </Text>
          <StatusBadge status={hit.status} />
        </Stack>
      </Group>
    </Paper>
  );
}

/** A hit's status as the Reservations list writes it: the same word and colour. */
function StatusBadge({ status }: { status: string }) {
  const badge = Object.hasOwn(RESERVATION_STATUS_BADGES, status)
    ? RESERVATION_STATUS_BADGES[status as keyof typeof RESERVATION_STATUS_BADGES]
    : undefined;
  return (
    <Badge variant="light" color={badge?.color}>
      {badge?.label ?? status}
    </Badge>
  );
}

const PRICE = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

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
  // What is searched: the text once typing pauses, or at once on Enter.
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(text), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const search = useReservationSearch({ q, from, to, status });
  const ready = q.trim().length >= 2;
  const navigate = useNavigate();
  // The hits of what is typed now: not those of an earlier text still shown while the search runs.
  const current = q === text && !search.isPlaceholderData ? search.data : undefined;
  // Enter on a text whose hits have not come yet: the only hit opens when they come.
  const [openWhenFound, setOpenWhenFound] = useState<string | null>(null);
  useEffect(() => {
    if (openWhenFound === null || openWhenFound !== q || !current) return;
    setOpenWhenFound(null);
    const only = current.length === 1 ? current[0] : undefined;
    if (only) void navigate(`/reservation/view/${only.id}`);
  }, [openWhenFound, q, current, navigate]);
  // Enter opens the only hit of what is typed, searching it at once if typing has not paused yet.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    const only = current?.length === 1 ? current[0] : undefined;
    if (only) {
      void navigate(`/reservation/view/${only.id}`);
    } else if (!current && text.trim().length >= 2) {
      setQ(text);
      setOpenWhenFound(text);
    }
  };
  const listLink = search.data ? reservationListLink(search.data) : undefined;

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
          onChange={(e) => {
            setText(e.currentTarget.value);
            setOpenWhenFound(null);
          }}
          onKeyDown={onKeyDown}
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
                  {RESERVATION_STATUS_BADGES[s].label}
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
              <Group gap="md">
                <Text size="sm" c="dimmed">
                  {search.data.length === SEARCH_LIMIT
                    ? `The best ${SEARCH_LIMIT} matches; narrow the search to see others and to open them in the Reservations list.`
                    : `${search.data.length} match${search.data.length === 1 ? '' : 'es'}, best first${search.data.length === 1 ? ' (Enter opens it)' : ''}.`}
                </Text>
                {listLink ? (
                  <Anchor component={Link} to={listLink} size="sm">
                    Open these in the Reservations list
                  </Anchor>
                ) : null}
              </Group>
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
