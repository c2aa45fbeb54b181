/**
 * Demo customer service cases: one reservation in 40 has one, opened from a few days before to a
 * week after its pick-up, about what customers of car hire write about (deposits, fuel, damage,
 * changes, refunds), each with the agent's note; one case in ten is a question before booking,
 * with no reservation. "Today" is fixed at 2026-11-25: cases opened before October are resolved
 * or closed (closed ones with their closing time), newer ones open or waiting on the customer.
 * Deterministic; runs only on an empty table.
 */
import type { Queryable } from '../manifest.ts';
import { STAFF } from '../payments/demo.ts';

/** Subject, the agent's note. */
const TOPICS: [string, string][] = [
  [
    'Deposit not released after drop-off',
    'Car returned on time and undamaged; asked the supplier to release the hold.',
  ],
  [
    'Charged for fuel although returned full',
    'Customer sent a photo of the fuel gauge and the receipt from the station.',
  ],
  [
    'Damage claim after return',
    'Supplier claims a scratch on the rear bumper; requested the check-out report.',
  ],
  ['Change pick-up time', 'Flight delayed by three hours; supplier confirmed the desk stays open.'],
  ['Add an additional driver', 'Explained the supplier charges the additional driver at the desk.'],
  ['Child seat not provided at pick-up', 'Supplier had no seat available; refund of the extra requested.'],
  ['Refund for cancelled booking', 'Cancelled more than 48 hours before pick-up; refund issued to the card.'],
  ['Invoice with company details', 'Sent the invoice with the VAT number the customer gave.'],
  ['Cannot find the rental desk', 'Shared the meeting point and the supplier phone number.'],
  [
    'Credit card not accepted at the desk',
    'Debit card refused for the deposit; supplier accepted a second credit card.',
  ],
  ['Cross-border travel to Portugal', 'Cross-border fee and insurance cover explained.'],
  ['Upgrade charged without consent', 'Supplier agreed to refund the difference.'],
];
const BEFORE_BOOKING: [string, string][] = [
  ['Is a credit card needed for the deposit?', 'Explained which suppliers accept debit cards.'],
  [
    'Young driver surcharge for a 22-year-old',
    'Listed suppliers renting to drivers under 25 and their fees.',
  ],
  ['One-way hire from Lisbon to Madrid', 'Quoted the one-way fee and suggested suppliers.'],
];

export async function seedCustomerServiceCases(db: Queryable, scale: number): Promise<void> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM customer_service_cases');
  if ((rows[0]?.n ?? 0) > 0 || scale <= 0) return;
  const topics = (list: [string, string][], i: 0 | 1) => list.map((t) => t[i]);
  await db.query(
    `INSERT INTO customer_service_cases (reservation_id, customer_email, subject, channel, priority, status,
                                         assigned_to, opened_at, closed_at, notes, created_at, created_by,
                                         updated_at, updated_by)
     SELECT c.reservation_id, c.email, c.subject,
            (ARRAY['email', 'email', 'phone', 'chat'])[1 + (c.n / 40) % 4],
            (ARRAY['normal', 'normal', 'high', 'low', 'normal', 'urgent'])[1 + c.n % 6],
            s.status, CASE WHEN s.status = 'open' AND c.n % 3 = 0 THEN NULL
                           ELSE ($5::text[])[1 + (c.n / 40) % array_length($5::text[], 1)] END,
            c.opened, CASE WHEN s.status = 'closed' THEN c.opened + ((2 + c.n % 70) || ' hours')::interval END,
            c.note, c.opened, 'mailbox-import', c.opened, 'mailbox-import'
       FROM (SELECT r.id AS n, r.id AS reservation_id, r.customer_email AS email,
                    ($1::text[])[1 + (r.id / 40) % array_length($1::text[], 1)] AS subject,
                    ($2::text[])[1 + (r.id / 40) % array_length($2::text[], 1)] AS note,
                    r.pickup_date + ((r.id % 10 - 3) || ' days')::interval + ((r.id % 9) || ' hours')::interval
                      AS opened
               FROM reservations r WHERE r.id % 40 = 5
             UNION ALL
             SELECT r.id, NULL, lower(split_part(r.customer_name, ' ', 1)) || '.' || (r.id % 97) || '@example.org',
                    ($3::text[])[1 + (r.id / 400) % array_length($3::text[], 1)],
                    ($4::text[])[1 + (r.id / 400) % array_length($4::text[], 1)],
                    r.created_at - interval '2 days'
               FROM reservations r WHERE r.id % 400 = 25) c
      CROSS JOIN LATERAL (SELECT CASE
               WHEN c.opened < timestamptz '2026-10-01' THEN (ARRAY['closed', 'closed', 'resolved'])[1 + c.n % 3]
               ELSE (ARRAY['open', 'waiting_on_customer'])[1 + (c.n / 40) % 2] END AS status) s
      WHERE c.opened <= timestamptz '2026-11-25'`,
    [topics(TOPICS, 0), topics(TOPICS, 1), topics(BEFORE_BOOKING, 0), topics(BEFORE_BOOKING, 1), STAFF],
  );
}
