/**
 * Demo account API keys: two or three keys for each of eighteen partner accounts (production,
 * staging, reporting), some expired, some disabled, most used recently. Generated in SQL from the
 * row number, so the same every time. Only hashes are stored, as for real keys; each is the SHA-256
 * of a text that is not a key (no `bmk_` prefix), so no key exists that opens a demo account.
 * Runs only on an empty table.
 */
import type { Queryable } from '../manifest.ts';

const ACCOUNTS = [
  'Northwind Travel',
  'Sunway Holidays GmbH',
  'Iberia Getaways S.L.',
  'Alpine Drive Reisen',
  'Costa Azul Viagens',
  'Blue Lagoon Tours',
  'Citybreak Nordic AB',
  'Atlas Flight Centre',
  'Meridian Corporate Travel',
  'Harbour Lights Cruises',
  'Tramonto Vacanze S.r.l.',
  'Pacific Coast Rentals',
  'Globetrotter Reisebüro',
  'Emerald Isle Travel',
  'Sahara Sands Voyages',
  'Fjord & Field Adventures',
  'Lakeside Leisure Ltd',
  'Orbit Online Travel',
];
const PURPOSES = ['Production server', 'Staging environment', 'Reporting dashboard'];
const EDITORS = ['admin@bmtools.local', 'ops@bmtools.local'];

export async function seedAccountApiKeys(db: Queryable): Promise<void> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM account_api_keys');
  if ((rows[0]?.n ?? 0) > 0) return;
  // Key i belongs to account i / 3 and serves purpose i % 3; every third account has no reporting
  // key. Created 20 to 700 days ago; one in five expires (some already have), one in nine is off.
  await db.query(
    `INSERT INTO account_api_keys (account_name, description, key_hash, created_at, created_by,
       updated_at, updated_by, expires_at, enabled, last_used_at)
     SELECT a.account, a.purpose,
            encode(sha256(convert_to('bm-demo-account-key:' || i, 'UTF8')), 'hex'),
            a.created, a.editor, a.created + interval '2 days', a.editor,
            a.expires,
            i % 9 <> 4,
            -- Never used, or last used within two weeks and before the key expired.
            CASE WHEN i % 7 <> 6
                 THEN least(now() - make_interval(mins => (i * 437) % 20000), a.expires - interval '3 days') END
       FROM generate_series(0, $1::int * 3 - 1) AS i
      CROSS JOIN LATERAL (
        SELECT ($2::text[])[i / 3 + 1] AS account,
               ($3::text[])[i % 3 + 1] AS purpose,
               ($4::text[])[i % 2 + 1] AS editor,
               date_trunc('minute', now()) - make_interval(days => 20 + (i * 53) % 680) AS created
      ) a0
      CROSS JOIN LATERAL (
        SELECT a0.*, CASE WHEN i % 5 = 0 THEN a0.created + interval '1 year' END AS expires
      ) a
      WHERE NOT (i % 3 = 2 AND (i / 3) % 3 = 0)`,
    [ACCOUNTS.length, ACCOUNTS, PURPOSES, EDITORS],
  );
}
