/**
 * Demo prepaid credits, derived from the demo reservations and payments: for one cancelled booking in
 * six that kept a cancellation fee, the fee given back as credit (from the booking's first payment,
 * in its currency); and a goodwill credit of 25, 50 or 75 for one completed booking in 500. Some
 * are partly or wholly spent. Deterministic; runs only on an empty table.
 */
import type { Queryable } from '../manifest.ts';
import { STAFF } from '../payments/demo.ts';

const GOODWILL = [
  'Goodwill: shuttle to the off-airport desk ran late',
  'Goodwill: car handed over without the booked child seat',
  'Goodwill: long queue at the pick-up desk',
  'Goodwill: one-way fee charged twice at the desk',
  'Goodwill: upgrade promised by phone was not honoured',
];

export async function seedPrepaidCredits(db: Queryable): Promise<void> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM prepaid_credits');
  if ((rows[0]?.n ?? 0) > 0) return;
  await db.query(
    `INSERT INTO prepaid_credits (customer_email, amount, remaining, currency, expires_at, source_payment_id,
                                  reason, user_email, created_at, created_by, updated_at, updated_by)
     SELECT c.email, c.amount,
            -- A byte of the id's hash spreads the spent ones evenly whatever the ids' pattern.
            CASE get_byte(decode(md5(c.n::text), 'hex'), 0) % 4
              WHEN 0 THEN 0 WHEN 1 THEN round(c.amount / 2, 2) ELSE c.amount END,
            c.currency, (c.granted + interval '1 year')::date, c.payment_id, c.reason,
            ($2::text[])[1 + get_byte(decode(md5(c.n::text), 'hex'), 1) % array_length($2::text[], 1)], c.granted, c.staff, c.granted, c.staff
       FROM (SELECT r.id AS n, r.customer_email AS email, r.total_price - f.amount AS amount, r.currency,
                    (SELECT min(p.id) FROM payments p WHERE p.reservation_id = r.id AND p.status = 'captured')
                      AS payment_id,
                    'Cancellation fee of ' || r.reservation_number || ' returned as credit' AS reason,
                    f.paid_at AS granted, f.user_email AS staff
               FROM reservations r
               JOIN payments f ON f.reservation_id = r.id AND f.kind = 'refund'
              WHERE r.status = 'cancelled' AND f.amount < r.total_price AND r.id % 54 = 9
             UNION ALL
             SELECT r.id, r.customer_email, (25 * (1 + r.id % 3))::numeric, r.currency, NULL,
                    ($1::text[])[1 + r.id % array_length($1::text[], 1)],
                    r.dropoff_date + interval '2 days', 'customer-service'
               FROM reservations r
              WHERE r.status = 'completed' AND r.id % 500 = 17) c`,
    [GOODWILL, STAFF],
  );
}
