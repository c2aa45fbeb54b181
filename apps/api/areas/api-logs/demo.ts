/**
 * Demo API logs generated inside PostgreSQL (fast enough for millions of rows): partners' calls to
 * the public API over the 30 days before the day of seeding. Every value derives from the row
 * number through md5 (eight 16-bit fractions per row), so a given count gives the same rows for
 * the same day; the times are relative to that day so that the log reads as the last 30 days.
 * Tops the table up to `count` rows, each batch inserted in time order (as a real log grows, and
 * a third faster: the time-led indexes are then appended to rather than written all over).
 *
 * - Endpoints are weighted like real traffic: searches and their offers dominate, bookings are a
 *   few percent; each has its method, typical duration and answer size, and its success code.
 * - Status codes: about 89 % success; 400, 404 and 429 are the common failures, 5xx rare; the
 *   legacy affiliate still calls with an expired key and gets 401s.
 * - Durations are log-normal around the endpoint's typical time with a slow tail; 429 and 503 fail
 *   fast, 504 after the gateway's 30 s.
 * - Partners are skewed (the first few make most calls), each from four fixed addresses; traffic
 *   peaks in the European afternoon.
 */
import type { Queryable } from '../manifest.ts';

/** Method, path template, share per thousand calls, typical ms, typical bytes, success code. */
const ENDPOINTS: readonly (readonly [string, string, number, number, number, number])[] = [
  ['GET', '/v2/locations/{loc}', 90, 35, 1800, 200],
  ['GET', '/v2/locations/{loc}/offices', 60, 60, 5200, 200],
  ['POST', '/v2/searches', 150, 900, 900, 201],
  ['GET', '/v2/searches/{search}/offers', 220, 450, 48000, 200],
  ['GET', '/v2/searches/{search}/offers/{offer}', 110, 120, 6400, 200],
  ['GET', '/v2/suppliers/{sup}/terms', 30, 80, 14000, 200],
  ['GET', '/v2/prices/{loc}/{date}', 90, 300, 22000, 200],
  ['POST', '/v2/reservations', 45, 1800, 3100, 201],
  ['GET', '/v2/reservations/{res}', 80, 70, 2900, 200],
  ['PUT', '/v2/reservations/{res}/driver', 15, 260, 1200, 200],
  ['PATCH', '/v2/reservations/{res}', 10, 240, 2900, 200],
  ['DELETE', '/v2/reservations/{res}', 12, 600, 0, 204],
  ['GET', '/v2/reservations/{res}/voucher.pdf', 25, 380, 95000, 200],
  ['GET', '/v1/rates/{loc}', 40, 700, 31000, 200],
  ['POST', '/v2/webhooks', 3, 90, 400, 201],
  ['DELETE', '/v2/webhooks/{hook}', 2, 60, 0, 204],
  ['GET', '/v2/health', 18, 3, 60, 200],
];
const CLIENTS = [
  'Skyfinder Travel',
  'Globetrip OTA',
  'Carfinder.de',
  'FlyAway Airlines',
  'Sunbeam Holidays',
  'Holidayhub',
  'Tripwise',
  'Mietwagen-Vergleich',
  'Viajes Sol',
  'EuroTours Group',
  'Roamly',
  'Lowcost Air',
  'CityBreaks',
  'Nordic Travel',
  'Island Hopper',
  'Atlantic Cruises',
  'Alpine Resorts',
  'RoadTrip App',
  'Corporate Travel Desk',
  'Student Travel',
  'Insurance Partner',
  'Legacy affiliate (v1 key)',
  'Sandbox tester',
];
/** The legacy affiliate (1-based position in CLIENTS) still uses an expired key now and then. */
const LEGACY = CLIENTS.indexOf('Legacy affiliate (v1 key)') + 1;
/** First octets of public address ranges the partners call from. */
const OCTETS = [
  31, 34, 35, 52, 54, 62, 77, 80, 85, 91, 94, 104, 130, 141, 151, 178, 185, 193, 195, 212, 213, 217,
];

/** 1,000 slots, each an endpoint's 1-based position, as many as its share: a fraction picks one. */
const SLOTS = ENDPOINTS.flatMap(([, , share], i) => Array.from({ length: share }, () => i + 1));

export async function seedApiLogs(db: Queryable, count: number, batch = 50_000): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM api_logs');
  let have = rows[0]?.n ?? 0;
  const column = <T>(i: number) => ENDPOINTS.map((e) => e[i] as T);
  while (have < count) {
    const upto = Math.min(count, have + batch);
    await db.query(
      `INSERT INTO api_logs (requested_at, method, path, status_code, duration_ms, client_name, ip_address,
         request_id, response_bytes)
       SELECT ts, method,
              replace(replace(replace(replace(replace(replace(replace(template,
                '{loc}', (1000 + n * 31 % 9000)::text),
                '{search}', substr(rid, 1, 12)),
                '{offer}', substr(rid, 13, 10)),
                '{res}', 'BM-' || lpad((1 + n * 7919 % 20000000)::text, 8, '0')),
                '{sup}', (1 + n % 60)::text),
                '{hook}', (1 + n % 40)::text),
                '{date}', to_char(ts + make_interval(days => (n % 90)::int), 'YYYY-MM-DD')),
              status,
              CASE status
                WHEN 429 THEN 2 + n % 9
                WHEN 401 THEN 4 + n % 15
                WHEN 503 THEN 1 + n % 30
                WHEN 504 THEN 30000 + n % 200
                WHEN 500 THEN round(base_ms * 2 * spread)::int
                ELSE round(base_ms * spread * CASE WHEN u8 > 0.995 THEN 8 ELSE 1 END)::int
              END,
              client, ip::inet, rid::uuid,
              CASE WHEN status = 204 THEN 0
                   WHEN status >= 300 THEN 120 + n % 300
                   ELSE round(base_bytes * (0.5 + u7))::int END
         FROM (
           SELECT n, rid, u7, u8,
                  ($2::text[])[ep] AS method, ($3::text[])[ep] AS template,
                  ($4::int[])[ep] AS base_ms, ($5::int[])[ep] AS base_bytes,
                  -- Log-normal-ish: the sum of three fractions, centred, as an exponent. (The fractions are
                  -- float8 and each level is computed once, OFFSET 0: numeric maths and re-running
                  -- md5 per reference made this thirty times slower.)
                  exp((u4 + u5 + u6 - 1.5) * 1.4) AS spread,
                  -- A day of the 30, and a time of day bunched around 13:00 UTC.
                  date_trunc('day', now()) - interval '30 days' + make_interval(days => floor(u3 * 30)::int)
                    + make_interval(secs => ((46800 + ((u4 + u6 + u7 - 1.5) * 40000)::int) % 86400 + 86400) % 86400
                                           + (n % 1000) / 1000.0) AS ts,
                  CASE
                    WHEN c = $9 AND u5 < 0.35 THEN 401
                    WHEN u2 < 0.895 THEN ($6::int[])[ep]
                    WHEN u2 < 0.925 THEN 400
                    WHEN u2 < 0.935 THEN 401
                    WHEN u2 < 0.940 THEN 403
                    WHEN u2 < 0.975 THEN 404
                    WHEN u2 < 0.980 THEN CASE WHEN ($2::text[])[ep] IN ('POST', 'PUT', 'PATCH') THEN 409 ELSE 404 END
                    WHEN u2 < 0.992 THEN 429
                    WHEN u2 < 0.9975 THEN 500
                    WHEN u2 < 0.999 THEN 503
                    ELSE 504
                  END AS status,
                  ($7::text[])[c] AS client,
                  format('%s.%s.%s.%s', ($8::int[])[1 + c % array_length($8::int[], 1)], 1 + c * 11 % 250,
                         (n % 4) * 50 + c, 10 + (c * 7 + (n % 4) * 3) % 240) AS ip
             FROM (
               SELECT n, rid, u1, u2, u3, u4, u5, u6, u7, u8,
                      ($1::int[])[1 + floor(u1 * 1000)::int] AS ep,
                      -- Skewed: the first partners make most of the calls.
                      1 + floor(power(u8, 2.2) * array_length($7::text[], 1))::int AS c
                 FROM (
                   SELECT n, md5(n::text || '-request') AS rid,
                          (get_byte(h, 0) * 256 + get_byte(h, 1)) / 65536.0::float8 AS u1,
                          (get_byte(h, 2) * 256 + get_byte(h, 3)) / 65536.0::float8 AS u2,
                          (get_byte(h, 4) * 256 + get_byte(h, 5)) / 65536.0::float8 AS u3,
                          (get_byte(h, 6) * 256 + get_byte(h, 7)) / 65536.0::float8 AS u4,
                          (get_byte(h, 8) * 256 + get_byte(h, 9)) / 65536.0::float8 AS u5,
                          (get_byte(h, 10) * 256 + get_byte(h, 11)) / 65536.0::float8 AS u6,
                          (get_byte(h, 12) * 256 + get_byte(h, 13)) / 65536.0::float8 AS u7,
                          (get_byte(h, 14) * 256 + get_byte(h, 15)) / 65536.0::float8 AS u8
                     FROM (SELECT n, decode(md5(n::text), 'hex') AS h FROM generate_series($10::bigint + 1, $11::bigint) AS n OFFSET 0) s
                   OFFSET 0
                 ) u
               OFFSET 0
             ) e
         ) r
        ORDER BY ts`,
      [
        SLOTS,
        column<string>(0),
        column<string>(1),
        column<number>(3),
        column<number>(4),
        column<number>(5),
        CLIENTS,
        OCTETS,
        LEGACY,
        have,
        upto,
      ],
    );
    have = upto;
  }
  await db.query('ANALYZE api_logs');
  return have;
}
