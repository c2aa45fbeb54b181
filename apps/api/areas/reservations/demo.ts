/**
 * Demo reservations generated inside PostgreSQL (fast enough for 1,000,000 rows), deterministic for
 * a given count: every value derives from the row number. Tops the table up to `count` rows.
 */
import type { Queryable } from '../manifest.ts';

const FIRST = [
  'Anna',
  'Ben',
  'Carla',
  'David',
  'Elena',
  'Felix',
  'Greta',
  'Hugo',
  'Ines',
  'Jonas',
  'Klara',
  'Luca',
  'Marta',
  'Nico',
  'Olga',
  'Pablo',
  'Rosa',
  'Sven',
  'Tara',
  'Yusuf',
  'Amira',
  'Bruno',
  'Chloe',
  'Daniel',
  'Eva',
  'Filip',
  'Hanna',
  'Ivan',
  'Julia',
  'Karim',
  'Lena',
  'Mateo',
  'Nora',
  'Oscar',
  'Paula',
  'Rafael',
  'Sofia',
  'Tomas',
  'Vera',
  'Zoe',
];
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
  'Costa',
  'Fischer',
  'Moreau',
  'Lopez',
  'Weber',
  'Bianchi',
  'Andersen',
  'Bakker',
  'Carvalho',
  'Dimitriou',
  'Eriksson',
  'Fernandez',
  'Gruber',
  'Horvat',
  'Ivanova',
  'Keller',
  'Laurent',
  'Martin',
  'Nowak',
  "O'Brien",
  'Papadopoulos',
  'Quinn',
  'Romano',
  'Santos',
  'Thomsen',
  'Urban',
  'Virtanen',
  'Walsh',
  'Yilmaz',
  'Zimmermann',
];
/**
 * How many customers book: each reservation's customer is drawn from its row number by
 * PostgreSQL's integer hash, so a customer's bookings are scattered over the table, and their routes,
 * dates and amounts (which follow the row number) differ from one booking to the next. Names repeat
 * (1,600 first and last name pairs), as they do; the email tells two customers apart.
 */
const CUSTOMERS = 4000;
/** The pick-up and drop-off places of the demo bookings (customer reservations book the same). */
export const LOCATIONS = [
  'Barcelona Airport (BCN)',
  'Lisbon Airport (LIS)',
  'Munich Airport (MUC)',
  'Nice Airport (NCE)',
  'Rome Fiumicino (FCO)',
  'Amsterdam Schiphol (AMS)',
  'Dublin Airport (DUB)',
  'Malaga Airport (AGP)',
  'Porto Airport (OPO)',
  'Vienna Airport (VIE)',
  'Zurich Airport (ZRH)',
  'Prague Airport (PRG)',
  'Athens Airport (ATH)',
  'Palma de Mallorca (PMI)',
  'Faro Airport (FAO)',
  'Berlin Brandenburg (BER)',
  'Paris Charles de Gaulle (CDG)',
  'Milan Malpensa (MXP)',
  'Madrid Barajas (MAD)',
  'Seville Santa Justa Station',
];
const SUPPLIERS = [
  'Avis',
  'Europcar',
  'Hertz',
  'Sixt',
  'Enterprise',
  'Goldcar',
  'Budget',
  'Alamo',
  'Thrifty',
  'Firefly',
  'Record Go',
  'Centauro',
];
const CLASSES = [
  'Mini',
  'Economy',
  'Compact',
  'Intermediate',
  'Standard',
  'Full-size',
  'Premium',
  'Luxury',
  'SUV',
  'Minivan',
  'Convertible',
];
const CURRENCIES = ['EUR', 'EUR', 'EUR', 'GBP', 'USD', 'CHF'];

export async function seedReservations(db: Queryable, count: number, batch = 100_000): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM reservations');
  let have = rows[0]?.n ?? 0;
  while (have < count) {
    const upto = Math.min(count, have + batch);
    await db.query(
      `INSERT INTO reservations (reservation_number, version, subversion, customer_name, customer_email,
         pickup_location, dropoff_location, pickup_date, dropoff_date, supplier, car_class, total_price,
         currency, status, is_active_customer, created_at)
       SELECT 'BM-' || lpad(n::text, 8, '0'), 1 + (n % 3 = 0)::int, (n % 5 = 0)::int,
              f || ' ' || l,
              lower(replace(f, '''', '')) || '.' || lower(replace(l, '''', '')) || c || '@example.com',
              ($3::text[])[1 + (n * 7) % 20],
              -- Most cars go back where they were taken; one booking in five is one-way.
              CASE WHEN n % 5 = 0 THEN ($3::text[])[1 + (n * 13 + 3) % 20] ELSE ($3::text[])[1 + (n * 7) % 20] END,
              pickup, pickup + ((1 + n % 14) || ' days')::interval,
              ($4::text[])[1 + (n * 13) % 12], ($5::text[])[1 + (n * 3) % 11],
              round((25 + (n * 37) % 1900 + (n % 100) / 100.0)::numeric, 2),
              ($6::text[])[1 + n % 6],
              CASE WHEN pickup < timestamptz '2026-11-01' AND n % 9 <> 0 THEN 'completed'
                   WHEN n % 9 = 0 THEN 'cancelled' WHEN n % 4 = 0 THEN 'pending' ELSE 'confirmed' END,
              n % 6 = 0,
              pickup - ((3 + n % 60) || ' days')::interval
         FROM (SELECT n, c, ($1::text[])[1 + c % 40] AS f, ($2::text[])[1 + (c / 40) % 40] AS l, pickup
                 FROM (SELECT n, (hashint8(n)::bigint + 2147483648) % $9 AS c,
                              timestamptz '2025-01-01' + ((n * 7919) % 700 || ' days')::interval
                                + ((n * 31) % 24 || ' hours')::interval AS pickup
                         FROM generate_series($7::bigint + 1, $8::bigint) AS n) h) s`,
      [FIRST, LAST, LOCATIONS, SUPPLIERS, CLASSES, CURRENCIES, have, upto, CUSTOMERS],
    );
    have = upto;
  }
  await db.query('ANALYZE reservations');
  return have;
}
