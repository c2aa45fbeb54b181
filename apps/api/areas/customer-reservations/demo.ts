/**
 * Demo customer reservations and their history, generated inside PostgreSQL and deterministic for a
 * given scale: every value derives from the reservation's sequence number `n` and its row `j`.
 * `scale / 4` reservation numbers (at least 50), each with one to four rows: 1.0, then amendments
 * 2.0, 2.1 and 3.0. The latest row is the active customer, except for one number in seven with
 * several rows, where customer service set an earlier one back. Runs only on an empty table.
 *
 * The pick-up and drop-off places are the ones the older reservations demo uses (airports and a
 * station customers really book), so the mapping of pick-up places onto price-watch locations can
 * rank them the same way.
 */
import type { Queryable } from '../manifest.ts';
import { LOCATIONS } from '../reservations/demo.ts';

const FIRST = ['Anna', 'Ben', 'Carla', 'David', 'Elena', 'Felix', 'Greta', 'Hugo', 'Ines', 'Jonas', 'Klara'];
const LAST = [
  'Schmidt',
  'Garcia',
  'Rossi',
  'Dubois',
  'Jansen',
  'Novak',
  'Silva',
  'Murphy',
  'Kowalski',
  'Berg',
];
/** Each customer's country, with its dialling code and the currency the customer pays in. */
const COUNTRIES = ['DE', 'ES', 'IT', 'FR', 'NL', 'CZ', 'PT', 'IE', 'PL', 'GB', 'CH', 'US'];
const DIALLING = ['49', '34', '39', '33', '31', '420', '351', '353', '48', '44', '41', '1'];
const CURRENCIES = ['EUR', 'EUR', 'EUR', 'EUR', 'EUR', 'CZK', 'EUR', 'EUR', 'PLN', 'GBP', 'CHF', 'USD'];
const SUPPLIERS = [
  'Avis',
  'Europcar',
  'Hertz',
  'Sixt',
  'Enterprise',
  'Goldcar',
  'Budget',
  'Alamo',
  'Record Go',
];
/** From small to large: an amendment moves one class up. */
const CLASSES = ['Mini', 'Economy', 'Compact', 'Intermediate', 'Standard', 'Full-size', 'Premium', 'SUV'];
/** The bookings come from the site; customer service changes the active customer by hand. */
const SITE = 'booking-engine';
const AGENT = 'customer.service@bmtools.local';

/** Row `j` of a number's `k` rows: its version and subversion (1.0, 2.0, 2.1, 3.0). */
const VERSIONS = [1, 2, 2, 3];
const SUBVERSIONS = [0, 0, 1, 0];

/**
 * Every demo row, with `active` telling whether it is its number's active customer. Statuses: a row
 * that is not the active one is `amended`; the active one is `cancelled` for one number in eleven,
 * `completed` once returned before the demo's reference date, else `pending` or `confirmed`.
 */
const ROWS = `
  WITH numbers AS (
    SELECT n, CASE WHEN n % 10 < 5 THEN 1 WHEN n % 10 < 8 THEN 2 WHEN n % 10 = 8 THEN 3 ELSE 4 END AS k,
           timestamptz '2025-03-01 00:00+00' + ((n::bigint * 7919) % 640 || ' days')::interval
             + ((8 + n % 12) || ' hours')::interval AS pickup
      FROM generate_series(1, $1::int) AS n
  ), rows AS (
    SELECT n, j, k, pickup, 1 + (n * 7) % 12 AS c,
           CASE WHEN k > 1 AND n % 7 = 3 THEN k - 1 ELSE k END AS a
      FROM numbers, generate_series(1, k) AS j
  )
  SELECT 'BM-' || extract(year FROM pickup - interval '40 days')::int || '-' || lpad(n::text, 7, '0') AS number,
         ($2::int[])[j] AS version, ($3::int[])[j] AS subversion, j = a AS active,
         ($4::text[])[1 + n % 11] AS first_name, ($5::text[])[1 + (n * 7) % 10] AS last_name,
         lower(($4::text[])[1 + n % 11] || '.' || ($5::text[])[1 + (n * 7) % 10]) || n || '@example.com' AS email,
         CASE WHEN n % 6 = 0 THEN NULL
              ELSE '+' || ($7::text[])[c] || ' ' || (100000000 + (n::bigint * 104729) % 900000000)::text END AS phone,
         ($6::text[])[c] AS country,
         ($9::text[])[1 + (n * 7) % 20] AS pickup_location,
         CASE WHEN n % 5 = 0 THEN ($9::text[])[1 + (n * 11) % 20] ELSE ($9::text[])[1 + (n * 7) % 20] END
           AS dropoff_location,
         pickup AS pickup_at,
         pickup + ((2 + n % 12 + (j - 1)) || ' days')::interval AS dropoff_at,
         ($10::text[])[1 + (n * 13) % 9] AS supplier,
         ($11::text[])[least(8, 1 + (n * 3) % 7 + (j > 2)::int)] AS car_class,
         round(((30 + (n * 37) % 900 + (n % 100) / 100.0) * (1 + 0.12 * (j - 1)))::numeric, 2) AS total_price,
         ($8::text[])[c] AS currency,
         CASE WHEN j <> a THEN 'amended'
              WHEN n % 11 = 0 THEN 'cancelled'
              WHEN pickup + ((2 + n % 12 + (j - 1)) || ' days')::interval < timestamptz '2026-11-01' THEN 'completed'
              WHEN n % 4 = 0 THEN 'pending'
              ELSE 'confirmed' END AS status,
         pickup - ((10 + n % 80) || ' days')::interval + ((j - 1) * 3 || ' days')::interval AS created_at
    FROM rows`;

const COLUMNS = `reservation_number, version, subversion, is_active_customer, customer_first_name,
  customer_last_name, customer_email, customer_phone, customer_country, pickup_location, dropoff_location,
  pickup_at, dropoff_at, supplier, car_class, total_price, currency, status, created_at, created_by,
  updated_at, updated_by`;

const PICK = `number, version, subversion, active, first_name, last_name, email, phone, country,
  pickup_location, dropoff_location, pickup_at, dropoff_at, supplier, car_class, total_price, currency,
  status, created_at, '${SITE}', created_at, '${SITE}'`;

/**
 * The history beyond the "created" entry the table writes for each row: the payment and the
 * confirmation of each booking, each amendment on the row it replaced, cancellations, returns, and
 * customer service setting an earlier version back as the active customer.
 */
const LOGS = `
  INSERT INTO customer_reservation_logs (customer_reservation_id, reservation_number, version, subversion,
    event, detail, created_at, created_by)
  SELECT id, reservation_number, version, subversion, event, detail, at, by
    FROM (
      SELECT r.*, e.event, e.detail, e.at, e.by
        FROM (SELECT c.*, lead(c.version) OVER w AS next_version, lead(c.subversion) OVER w AS next_subversion,
                     lead(c.created_at) OVER w AS next_at,
                     max(c.version * 1000 + c.subversion) OVER (PARTITION BY c.reservation_number) AS latest
                FROM customer_reservations c
              WINDOW w AS (PARTITION BY c.reservation_number ORDER BY c.version, c.subversion)) r
        CROSS JOIN LATERAL (VALUES
          (CASE WHEN r.status <> 'pending' AND r.version = 1 AND r.subversion = 0 THEN 'payment_received' END,
           format('Card payment of %s %s', r.total_price, r.currency), r.created_at + interval '2 minutes', '${SITE}'),
          (CASE WHEN r.status <> 'pending' THEN 'confirmation_sent' END,
           format('Voucher sent to %s', r.customer_email), r.created_at + interval '6 minutes', '${SITE}'),
          (CASE WHEN r.next_version IS NOT NULL THEN 'amended' END,
           format('Amended into version %s.%s', r.next_version, r.next_subversion), r.next_at, '${SITE}'),
          (CASE WHEN r.status = 'cancelled' THEN 'cancelled' END,
           'Cancelled by the customer', r.created_at + interval '4 days', '${SITE}'),
          (CASE WHEN r.status = 'completed' THEN 'completed' END,
           format('Car returned at %s', r.dropoff_location), r.dropoff_at, '${SITE}'),
          (CASE WHEN r.is_active_customer AND r.version * 1000 + r.subversion < r.latest THEN 'active_customer_set' END,
           format('Version %s.%s is the active customer: the customer kept the earlier terms', r.version, r.subversion),
           r.created_at + interval '5 days', '${AGENT}')
        ) AS e(event, detail, at, by)
       WHERE e.event IS NOT NULL
    ) s`;

export async function seedCustomerReservations(db: Queryable, scale: number): Promise<void> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM customer_reservations');
  if ((rows[0]?.n ?? 0) > 0) return;
  const numbers = Math.max(50, Math.floor(scale / 4));
  const params = [
    numbers,
    VERSIONS,
    SUBVERSIONS,
    FIRST,
    LAST,
    COUNTRIES,
    DIALLING,
    CURRENCIES,
    LOCATIONS,
    SUPPLIERS,
    CLASSES,
  ];
  // The active rows first: a number's first row becomes its active customer (the table's rule), so
  // the inactive ones, inserted after, stay inactive.
  for (const active of [true, false]) {
    await db.query(
      `INSERT INTO customer_reservations (${COLUMNS})
       SELECT ${PICK} FROM (${ROWS}) s WHERE active = ${active} ORDER BY number, version, subversion`,
      params,
    );
  }
  await db.query(LOGS);
  await db.query('ANALYZE customer_reservations');
  await db.query('ANALYZE customer_reservation_logs');
}
