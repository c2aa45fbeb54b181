/**
 * Demo payments generated inside PostgreSQL, so they keep up with any number of reservations:
 * every reservation gets one payment of its whole total, or a deposit and the balance, captured and
 * adding up exactly to its total price; one in 25 also has a failed first attempt; every cancelled
 * reservation gets a refund (all of it, or all but a 10 % cancellation fee). All values derive from
 * the reservation's id, so a given database always gets the same payments. Tops up: reservations
 * added since the last run get theirs.
 */
import type { Queryable } from '../manifest.ts';

/** Staff who process refunds. */
export const STAFF = [
  'lena.hoffmann@bmtools.local',
  'marco.ruiz@bmtools.local',
  'sophie.martin@bmtools.local',
  'jan.devries@bmtools.local',
  'chiara.conti@bmtools.local',
];

// One statement per batch of reservations. The method, brand and card number follow the
// reservation (one instrument per booking); the provider's reference follows the method's format
// (Adyen-style 16 digits, PayPal's 17-character transaction id, the bank's transfer reference).
const INSERT = `
INSERT INTO payments (reservation_id, amount, currency, method, card_brand, card_last4, kind, status,
                      psp_reference, paid_at, user_email, created_at, created_by, updated_at, updated_by)
SELECT r.id, x.amount, r.currency, m.method,
       CASE WHEN m.method = 'card' THEN (ARRAY['visa', 'visa', 'visa', 'visa', 'mastercard', 'mastercard',
                                               'mastercard', 'maestro', 'amex', 'visa'])[1 + (r.id / 20) % 10] END,
       CASE WHEN m.method = 'card' THEN lpad(((r.id * 7919) % 10000)::text, 4, '0') END,
       x.kind, x.status,
       CASE m.method
         WHEN 'card' THEN '88' || lpad(((r.id * 4 + x.k) % 100000000000000)::text, 14, '0')
         WHEN 'paypal' THEN upper(substr(md5('pp' || r.id || '-' || x.k), 1, 17))
         WHEN 'bank_transfer' THEN 'BT-' || r.reservation_number || '-' || x.k
         ELSE 'VCH-' || upper(substr(md5('v' || r.id || '-' || x.k), 1, 10))
       END,
       x.paid_at, x.user_email,
       coalesce(x.paid_at, r.created_at), coalesce(x.user_email, 'checkout'),
       coalesce(x.paid_at, r.created_at), coalesce(x.user_email, 'checkout')
  FROM reservations r
 CROSS JOIN LATERAL (SELECT CASE
          WHEN (r.id * 7) % 20 < 13 THEN 'card' WHEN (r.id * 7) % 20 < 17 THEN 'paypal'
          WHEN (r.id * 7) % 20 < 19 THEN 'bank_transfer' ELSE 'voucher' END AS method,
        -- A third of the bookings are paid at once; the others put down 15 to 30 % first.
        CASE WHEN r.id % 3 = 0 THEN r.total_price
             ELSE round(r.total_price * (0.15 + (r.id % 4) * 0.05), 2) END AS first) m
 CROSS JOIN LATERAL (VALUES
        (1, CASE WHEN r.id % 3 = 0 THEN 'balance' ELSE 'deposit' END, 'captured', m.first,
         r.created_at + ((r.id % 50) || ' minutes')::interval, NULL::text),
        (2, 'balance', 'captured', r.total_price - m.first,
         r.created_at + (r.pickup_date - r.created_at) / 2, NULL::text),
        (3, CASE WHEN r.id % 3 = 0 THEN 'balance' ELSE 'deposit' END, 'failed', m.first,
         NULL::timestamptz, NULL::text),
        (4, 'refund', 'refunded',
         CASE WHEN r.id % 2 = 0 THEN r.total_price ELSE r.total_price - round(r.total_price * 0.10, 2) END,
         r.created_at + (r.pickup_date - r.created_at) * 0.75, ($3::text[])[1 + r.id % 5])
      ) AS x(k, kind, status, amount, paid_at, user_email)
 WHERE r.id BETWEEN $1 AND $2
   AND (x.k = 1 OR (x.k = 2 AND r.id % 3 <> 0) OR (x.k = 3 AND r.id % 25 = 7)
        OR (x.k = 4 AND r.status = 'cancelled'))`;

export async function seedPayments(db: Queryable, batch = 100_000): Promise<void> {
  const { rows } = await db.query<{ from: string; to: string | null }>(
    `SELECT (coalesce((SELECT max(reservation_id) FROM payments), 0) + 1)::text AS "from",
            (SELECT max(id) FROM reservations)::text AS "to"`,
  );
  const from = Number(rows[0]?.from ?? 1);
  const to = Number(rows[0]?.to ?? 0);
  for (let start = from; start <= to; start += batch) {
    await db.query(INSERT, [start, Math.min(to, start + batch - 1), STAFF]);
  }
  await db.query('ANALYZE payments');
}
