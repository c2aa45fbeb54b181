/**
 * Demo notifications for each demo account: a mix of read and unread messages of the kinds the
 * console raises, spread over the last two weeks. Skipped for an account that already has any.
 */
import { DEMO_USERS } from '../../catalog/demo-users.ts';
import type { Db } from '../db/pool.ts';

const MESSAGES: Array<{ from: string; title: string; description: string }> = [
  {
    from: 'system',
    title: 'Price-watch import finished',
    description: '1,240 prices updated for 38 locations.',
  },
  {
    from: 'editor@bmtools.local',
    title: "Interception 'Summer banner' published",
    description: 'Live on all markets.',
  },
  {
    from: 'system',
    title: 'Reservation BM-00012345 cancelled by supplier',
    description: 'Sixt cancelled the booking; the customer was informed.',
  },
  {
    from: 'system',
    title: 'New exception threshold reached',
    description: 'Payment timeouts above 2% in the last hour.',
  },
  {
    from: 'mapper@bmtools.local',
    title: 'Mapping review requested',
    description: '12 merchant locations wait for a decision.',
  },
  {
    from: 'system',
    title: 'Nightly supplier sync finished',
    description: 'Goldcar, Europcar and Hertz catalogues are current.',
  },
  {
    from: 'admin@bmtools.local',
    title: 'Menu updated',
    description: 'A Reports group was added to the main menu.',
  },
  {
    from: 'system',
    title: 'Payment batch settled',
    description: '418 payments settled, 3 need a manual check.',
  },
  {
    from: 'system',
    title: 'Page config changed',
    description: "The page 'Campaign overview' now reads from v_campaigns.",
  },
  {
    from: 'editor@bmtools.local',
    title: 'Preset shared with your group',
    description: "'Open reservations this week' is available under Operations.",
  },
  {
    from: 'system',
    title: 'Location keywords imported',
    description: '96 keywords added for Malaga Airport (AGP).',
  },
  {
    from: 'system',
    title: 'Translation resources published',
    description: 'German and French texts are live.',
  },
  {
    from: 'system',
    title: 'Car class mapping disabled',
    description: "'Minivan' was disabled for one merchant after repeated errors.",
  },
  { from: 'system', title: 'Weekly report ready', description: 'Conversion up 1.8% against last week.' },
];

export async function seedNotifications(db: Db): Promise<void> {
  // The cancelled-booking message is about a real demo reservation, and opens its view.
  const { rows: bookings } = await db.query<{ id: number; number: string }>(
    "SELECT id, reservation_number AS number FROM reservations WHERE status = 'cancelled' ORDER BY id LIMIT 1",
  );
  const booking = bookings[0];
  const titles = MESSAGES.map((m) =>
    booking && m.title.startsWith('Reservation ')
      ? `Reservation ${booking.number} cancelled by supplier`
      : m.title,
  );
  const actions = MESSAGES.map((m) =>
    booking && m.title.startsWith('Reservation ') ? { open: { url: `/reservation/view/${booking.id}` } } : {},
  );
  for (const user of DEMO_USERS) {
    const { rows } = await db.query('SELECT 1 FROM notifications WHERE to_email = $1 LIMIT 1', [user.email]);
    if (rows.length > 0) continue;
    // Message i is i × 23 hours old; the newest four stay unread. Inserted oldest first, so ids
    // grow with time as they do live.
    await db.query(
      `INSERT INTO notifications (from_email, to_email, title, description, is_read, created_at, actions)
       SELECT m.from_email, $1, m.title, m.description, m.age >= 4, now() - m.age * interval '23 hours',
              m.actions
         FROM unnest($2::text[], $3::text[], $4::text[], $5::int[], $6::jsonb[])
              AS m(from_email, title, description, age, actions)
        ORDER BY m.age DESC`,
      [
        user.email,
        MESSAGES.map((m) => m.from),
        titles,
        MESSAGES.map((m) => m.description),
        MESSAGES.map((_, age) => age),
        actions.map((a) => JSON.stringify(a)),
      ],
    );
  }
}
