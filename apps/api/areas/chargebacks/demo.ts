/**
 * Demo chargebacks: about one captured card payment in 150, each with a reason code of its card's
 * scheme, the whole payment or half of it disputed, opened three weeks to four months after the
 * payment with 20 days to answer. Those whose deadline has passed are decided (won, lost or
 * accepted); the others are open or under review. "Today" is fixed (2026-11-25, none opened after
 * the 20th) so the rows never depend on the day of the seed. Runs only on an empty table.
 */
import type { Queryable } from '../manifest.ts';
import { STAFF } from '../payments/demo.ts';

// Per scheme, the reason codes in the order the demo cycles through them, with a note staff wrote.
const REASONS: Record<string, [string, string][]> = {
  visa: [
    [
      '13.1',
      'Customer says the car was not available at the desk; rental agreement requested from the supplier.',
    ],
    ['10.4', 'Cardholder denies the booking. Booking made from a new device; 3-D Secure was not used.'],
    ['13.7', 'Cancelled within the free cancellation window; refund was issued late.'],
    ['12.5', 'Customer disputes the fuel charge added at drop-off.'],
    ['13.3', 'Car class smaller than booked (Economy instead of SUV).'],
    ['12.6.1', 'Deposit taken twice after a payment page timeout.'],
  ],
  mastercard: [
    ['4853', 'Customer says the extra insurance was sold at the desk against their will.'],
    [
      '4837',
      'Cardholder does not recognise the transaction; evidence: IP and e-mail match earlier bookings.',
    ],
    ['4855', 'Customer could not find the shuttle to the off-airport office and rented elsewhere.'],
    ['4860', 'Refund promised by customer service was not processed.'],
  ],
  maestro: [
    ['4853', 'Dispute about damage charged after return; photos from the supplier attached.'],
    ['4863', 'Cardholder does not recognise the merchant name on the statement.'],
  ],
  amex: [
    ['C08', 'Customer reports the rental was cut short by a breakdown; partial refund requested.'],
    ['F29', 'Card member denies the card-not-present booking.'],
    ['C02', 'Credit for the cancelled booking not received.'],
  ],
};

export async function seedChargebacks(db: Queryable): Promise<void> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM chargebacks');
  if ((rows[0]?.n ?? 0) > 0) return;
  const entries = Object.entries(REASONS).flatMap(([brand, list]) =>
    list.map(([code, note], i) => ({ brand, code, note, i, of: list.length })),
  );
  await db.query(
    `INSERT INTO chargebacks (payment_id, amount, reason_code, status, opened_at, respond_by, case_reference,
                              notes, user_email, created_at, created_by, updated_at, updated_by)
     SELECT p.id,
            CASE WHEN (p.id / 150) % 4 = 0 THEN round(p.amount / 2, 2) ELSE p.amount END,
            rc.code,
            CASE WHEN o.opened + 20 >= DATE '2026-11-25' THEN (ARRAY['open', 'under_review'])[1 + (p.id / 150) % 2]
                 ELSE (ARRAY['won', 'lost', 'accepted', 'won', 'lost'])[1 + (p.id / 150) % 5] END,
            o.opened, o.opened + 20,
            'CB-' || to_char(o.opened, 'YYYY') || '-' || lpad((p.id % 1000000)::text, 6, '0'),
            rc.note, ($4::text[])[1 + (p.id / 150) % array_length($4::text[], 1)],
            o.opened, 'acquirer-import', o.opened, 'acquirer-import'
       FROM payments p
      CROSS JOIN LATERAL (SELECT (p.paid_at + ((21 + p.id % 100) || ' days')::interval)::date AS opened) o
       JOIN unnest($1::text[], $2::text[], $3::text[], $5::int[], $6::int[]) AS rc(brand, code, note, i, n)
         ON rc.brand = p.card_brand AND rc.i = (p.id / 150) % rc.n
      WHERE p.method = 'card' AND p.status = 'captured' AND p.id % 150 = 11 AND o.opened <= DATE '2026-11-20'`,
    [
      entries.map((e) => e.brand),
      entries.map((e) => e.code),
      entries.map((e) => e.note),
      STAFF,
      entries.map((e) => e.i),
      entries.map((e) => e.of),
    ],
  );
}
