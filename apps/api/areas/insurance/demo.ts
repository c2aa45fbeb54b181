/**
 * Demo insurance policies, generated inside PostgreSQL from the customer reservations (so it runs
 * after their demo) and deterministic: every value derives from the reservation's id. Two in five
 * reservations (their active rows, at most 3,000) carry a policy, as the insurer's feed would send
 * it: the customer's name in capitals or lower case, with an accent, first and last swapped or a
 * typo; the email as booked, in other case, another address or none; the cover a day either side
 * of the rental. Two in three of those
 * are mapped to the reservation they cover, with the history of who mapped them. A few policies
 * were sold on the insurers' own sites and cover no reservation of ours: half of them are on the
 * blacklist. The generator's truth (which reservation each policy covers) is kept in
 * merchant_ground_truth, which the ranking's tests and the bench measure against.
 * Runs only on an empty table.
 */
import type { Queryable } from '../manifest.ts';

/** Insurer name and the prefix of its policy numbers. */
const INSURERS: readonly (readonly [string, string])[] = [
  ['Allianz Partners', 'ALZ'],
  ['AXA Assistance', 'AXA'],
  ['RentalCover.com', 'RCV'],
  ['Questor Insurance', 'QST'],
  ['Chubb Travel', 'CHB'],
  ['Zurich Travel Cover', 'ZTC'],
  ['Generali Global Assistance', 'GGA'],
  ['insurance4carhire', 'I4C'],
];
/** Product and its premium per day of cover, in the policy's currency. */
const PRODUCTS: readonly (readonly [string, number])[] = [
  ['excess_refund', 6.5],
  ['full_protection', 11.9],
  ['excess_refund', 5.75],
  ['theft_protection', 3.2],
  ['personal_accident', 2.4],
  ['full_protection', 13.5],
  ['trip_cancellation', 4.1],
  ['glass_and_tyres', 2.95],
];
/** Customers who bought a policy from the insurer directly, with no reservation of ours. */
const WALK_IN_FIRST = ['Maja', 'Tomas', 'Lea', 'Oskar', 'Noor', 'Emil', 'Ida', 'Mateo'];
const WALK_IN_LAST = ['Lindqvist', 'Horvat', 'Brennan', 'Vermeulen', 'Ozturk', 'Nieminen', 'Papadakis'];
const MAPPERS = ['admin@bmtools.local', 'mapper@bmtools.local'];
const FEED = 'insurer-feed';
/** The demo's today: which covers have expired (fixed, so the demo is the same on every machine). */
const TODAY = '2026-11-25';

export async function seedInsurance(db: Queryable): Promise<void> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM insurance_policies');
  if ((rows[0]?.n ?? 0) > 0) return;
  const insurers = INSURERS.map(([name]) => name);
  const prefixes = INSURERS.map(([, prefix]) => prefix);
  const products = PRODUCTS.map(([product]) => product);
  const rates = PRODUCTS.map(([, rate]) => rate);

  // Policies of reservations, as the insurer wrote them, and the generator's truth.
  await db.query(
    `WITH src AS (
       SELECT r.id AS rid, n, k,
              ($2::text[])[1 + n % 8] || '-' || to_char(r.pickup_at, 'YYYY') || '-' || lpad((100000 + (n * 7919) % 900000)::text, 6, '0') AS policy_number,
              ($1::text[])[1 + n % 8] AS insurer,
              ($3::text[])[1 + (n * 5) % 8] AS product,
              ($4::numeric[])[1 + (n * 5) % 8] AS rate,
              -- The names as the insurer's feed spells them.
              CASE k % 10
                WHEN 4 THEN upper(public.unaccent(r.customer_first_name))
                WHEN 5 THEN lower(r.customer_first_name)
                WHEN 6 THEN r.customer_last_name
                WHEN 7 THEN overlay(r.customer_first_name PLACING translate(substr(r.customer_first_name, 2, 1), 'aeiou', 'áéíóú') FROM 2 FOR 1)
                WHEN 9 THEN r.customer_first_name || substr(r.customer_first_name, length(r.customer_first_name))
                ELSE r.customer_first_name END AS first_name,
              CASE k % 10
                WHEN 4 THEN upper(public.unaccent(r.customer_last_name))
                WHEN 5 THEN lower(r.customer_last_name)
                WHEN 6 THEN r.customer_first_name
                WHEN 7 THEN overlay(r.customer_last_name PLACING translate(substr(r.customer_last_name, 2, 1), 'aeiou', 'áéíóú') FROM 2 FOR 1)
                WHEN 8 THEN overlay(r.customer_last_name PLACING '' FROM 3 FOR 1)
                ELSE r.customer_last_name END AS last_name,
              CASE WHEN r.customer_email IS NULL OR k % 5 = 1 THEN NULL
                   WHEN k % 5 = 2 THEN upper(substr(r.customer_email, 1, 1)) || substr(r.customer_email, 2)
                   WHEN k % 5 = 3 AND k % 3 = 0
                     THEN lower(public.unaccent(r.customer_first_name)) || '.' || lower(public.unaccent(r.customer_last_name))
                          || '@mailbox.example'
                   ELSE lower(r.customer_email) END AS email,
              r.pickup_at::date - (k % 3 = 0)::int AS cover_start,
              greatest(r.dropoff_at::date + (k % 4 = 0)::int, r.pickup_at::date - (k % 3 = 0)::int + 1) AS cover_end,
              r.currency, r.status AS reservation_status, r.created_at
         FROM (SELECT cr.*, cr.id::integer AS n, row_number() OVER (ORDER BY cr.id)::integer AS k
                 FROM customer_reservations cr WHERE cr.is_active_customer AND (cr.id * 7) % 5 < 2
                ORDER BY cr.id LIMIT 3000) r),
     ins AS (
       INSERT INTO insurance_policies (policy_number, insurer, product, customer_first_name, customer_last_name,
         customer_email, cover_start, cover_end, premium, currency, status, customer_reservation_id, map_status,
         row_version, created_at, created_by, updated_at, updated_by)
       SELECT policy_number, insurer, product, first_name, last_name, email, cover_start, cover_end,
              round(rate * (cover_end - cover_start), 2), currency,
              CASE WHEN reservation_status = 'cancelled' THEN 'cancelled'
                   WHEN k % 23 = 0 THEN 'claimed'
                   WHEN cover_end < $5::date THEN 'expired' ELSE 'active' END,
              CASE WHEN k % 3 <> 0 THEN rid END,
              CASE WHEN k % 3 <> 0 THEN 'mapped' ELSE 'unmapped' END,
              1 + (k % 3 <> 0)::int, created_at + interval '2 hours', $6,
              created_at + CASE WHEN k % 3 <> 0 THEN interval '3 days' ELSE interval '2 hours' END,
              CASE WHEN k % 3 <> 0 THEN ($7::text[])[1 + k % 2] ELSE $6 END
         FROM src
       ON CONFLICT (policy_number) DO NOTHING
       RETURNING id, policy_number)
     INSERT INTO merchant_ground_truth (kind, merchant_record_id, pricewatch_id)
     SELECT 'insurance', ins.id, src.rid FROM ins JOIN src USING (policy_number)`,
    [insurers, prefixes, products, rates, TODAY, FEED, MAPPERS],
  );

  // Policies sold on the insurers' own sites: no reservation of ours; every other one blacklisted.
  await db.query(
    `INSERT INTO insurance_policies (policy_number, insurer, product, customer_first_name, customer_last_name,
       customer_email, cover_start, cover_end, premium, currency, status, map_status, map_note, row_version,
       created_by, updated_by)
     SELECT ($2::text[])[1 + n % 8] || '-W-' || lpad(n::text, 5, '0'), ($1::text[])[1 + n % 8],
            ($3::text[])[1 + n % 8], f, l,
            lower(f) || '.' || lower(l) || n || '@mailbox.example',
            d, d + 3 + n % 10, round(($4::numeric[])[1 + n % 8] * (3 + n % 10), 2), 'EUR',
            CASE WHEN d + 3 + n % 10 < $5::date THEN 'expired' ELSE 'active' END,
            CASE WHEN n % 2 = 0 THEN 'blacklisted' ELSE 'unmapped' END,
            CASE WHEN n % 2 = 0 THEN 'Bought on the insurer''s own site: no reservation of ours' END,
            1 + (n % 2 = 0)::int, $6, CASE WHEN n % 2 = 0 THEN ($7::text[])[1] ELSE $6 END
       FROM (SELECT n, ($8::text[])[1 + n % 8] AS f, ($9::text[])[1 + (n * 3) % 7] AS l,
                    date '2025-02-01' + (n * 37) % 640 AS d
               FROM generate_series(1, 60) AS n) s
`,
    [insurers, prefixes, products, rates, TODAY, FEED, MAPPERS, WALK_IN_FIRST, WALK_IN_LAST],
  );

  // Who mapped or blacklisted them, and when.
  await db.query(
    `INSERT INTO merchant_map_history (kind, merchant_record_id, action, pricewatch_id, note, changed_by, changed_at)
     SELECT 'insurance', id, CASE map_status WHEN 'mapped' THEN 'map' ELSE 'ignore' END, customer_reservation_id,
            map_note, updated_by, updated_at
       FROM insurance_policies WHERE map_status IN ('mapped', 'blacklisted')`,
  );
  await db.query('ANALYZE insurance_policies');
}
