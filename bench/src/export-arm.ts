/**
 * One arm of the export benchmark, run in a child process of its own so that its peak RSS is that
 * arm's alone: `node --import tsx bench/src/export-arm.ts ours|bare <databaseUrl> <rows>`. Prints
 * one line of JSON on stdout (`ArmResult`) and nothing else.
 *
 * - ours: the real path, `runExport` on an `exports` row inserted as the send call inserts it,
 *   with the registry read from the database, a pool and a local file store in a temporary folder.
 * - bare: the same SQL text and values (from `planExport`, so they are identical) through a `pg`
 *   Client: one read-only transaction, a cursor, FETCH 2000 rows as arrays, each row handed
 *   untouched to ExcelJS's streaming writer (`addRow(row).commit()`) writing to a file. The same
 *   type parsers as ours (bigint and numeric as numbers, a date as its text); no column formats,
 *   widths, frozen header, auto-filter, formula guard, tag labels or time-zone shift (a date-time
 *   is written as the UTC Date pg returns, with ExcelJS's default date format).
 */
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ExportCriteria } from '@bm/contracts';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { loadEntityRegistry } from '../../apps/api/src/catalog/entity-registry.ts';
import { entityOfSource } from '../../apps/api/src/catalog/sources.ts';
import { createPool } from '../../apps/api/src/db/pool.ts';
import { planExport } from '../../apps/api/src/exports/export-plan.ts';
import { FETCH_ROWS, runExport } from '../../apps/api/src/exports/export-runner.ts';
import { localFileStore } from '../../apps/api/src/files/file-store.ts';

export interface ArmResult {
  arm: 'ours' | 'bare';
  rows: number;
  ms: number;
  /** Peak resident set size of this process, in KiB (see `peakRssKb`). */
  maxRssKb: number;
  bytes: number;
}

const EMAIL = 'admin@bmtools.local';
const SOURCE = '/api/reservations';

/** The grid's columns of a reservations export: numbers, texts, date-times, a decimal, a tag, a boolean. */
const SELECTOR = [
  { field: 'id', label: 'Id' },
  { field: 'reservationNumber', label: 'Reservation no.' },
  { field: 'customerName', label: 'Customer' },
  { field: 'customerEmail', label: 'Email' },
  { field: 'pickupDate', label: 'Pick-up date' },
  { field: 'dropoffDate', label: 'Drop-off date' },
  { field: 'supplier', label: 'Supplier' },
  { field: 'totalPrice', label: 'Total' },
  {
    field: 'status',
    label: 'Status',
    // A tag column: the grid sends the label of each value, which ours writes in its place.
    labels: { pending: 'Pending', confirmed: 'Confirmed', completed: 'Completed', cancelled: 'Cancelled' },
  },
  { field: 'isActiveCustomer', label: 'Active customer' },
];

/**
 * The first `rows` reservations (ids are 1…N in the seeded table), oldest first; the browser's
 * time zone as the grid sends it (ours writes date-times in it).
 */
const criteriaOf = (rows: number): ExportCriteria => ({
  source: SOURCE,
  sort: ['id=ASC'],
  filter: { name: 'id', type: 'number', operation: 'lte', value: rows },
  selector: SELECTOR,
  timeZone: 'Europe/Rome',
});

const quiet = {
  info() {},
  warn: (obj: object, msg: string) => console.error(msg, obj),
  error: (obj: object, msg: string) => console.error(msg, obj),
};

async function ours(databaseUrl: string, rows: number, dir: string): Promise<Omit<ArmResult, 'maxRssKb'>> {
  const db = createPool(databaseUrl, 4);
  try {
    const registry = await loadEntityRegistry(db);
    const criteria = criteriaOf(rows);
    const inserted = await db.query<{ id: string }>(
      `INSERT INTO exports (file_name, page_name, requested_by, entity, source, criteria)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [`bench-${rows}.xlsx`, 'Reservations', EMAIL, 'Reservation', SOURCE, criteria],
    );
    const id = Number(inserted.rows[0]?.id);
    try {
      const context = {
        db,
        store: localFileStore(dir),
        registry,
        worker: 'bench',
        log: quiet,
        leaseSeconds: 30,
        // One try: the bench's database does not go away.
        persist: <T>(_what: string, work: () => Promise<T>) => work(),
      };
      const started = performance.now();
      const outcome = await runExport(context, id, new AbortController().signal);
      const ms = performance.now() - started;
      const { rows: done } = await db.query<{ status: string; row_count: number; size_bytes: number }>(
        'SELECT status, row_count, size_bytes FROM exports WHERE id = $1',
        [id],
      );
      const row = done[0];
      if (outcome !== 'done' || !row)
        throw new Error(`export ${id} ended ${outcome}: ${JSON.stringify(row)}`);
      return { arm: 'ours', rows: row.row_count, ms, bytes: row.size_bytes };
    } finally {
      // Leave a kept bench database as it was: the row and the owner's "Export ready" notification.
      await db.query('DELETE FROM exports WHERE id = $1', [id]);
      await db.query(`DELETE FROM notifications WHERE to_email = $1 AND actions::text LIKE $2`, [
        EMAIL,
        `%download?id=${id}"%`,
      ]);
    }
  } finally {
    await db.end();
  }
}

async function bare(databaseUrl: string, rows: number, dir: string): Promise<Omit<ArmResult, 'maxRssKb'>> {
  // The registry of the database, as the runner plans with it (the pool also sets pg's type parsers).
  const db = createPool(databaseUrl, 1);
  const registry = await loadEntityRegistry(db).finally(() => db.end());
  const entity = entityOfSource(registry, SOURCE);
  if (!entity) throw new Error(`no list at ${SOURCE}`);
  const planned = planExport(entity, criteriaOf(rows), EMAIL);
  const file = path.join(dir, 'bare.xlsx');
  const client = new pg.Client({ connectionString: databaseUrl, options: '-c TimeZone=UTC' });
  await client.connect();
  try {
    const started = performance.now();
    const stream = createWriteStream(file);
    const closed = new Promise<void>((resolve, reject) => {
      stream.on('close', resolve).on('error', reject);
    });
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream,
      useStyles: true,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet('Data');
    sheet.addRow(planned.columns.map((c) => c.header)).commit();
    let written = 0;
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await client.query(`DECLARE bare_export NO SCROLL CURSOR FOR ${planned.sql.text}`, planned.sql.values);
    for (;;) {
      const batch = await client.query<unknown[]>({
        text: `FETCH ${FETCH_ROWS} FROM bare_export`,
        rowMode: 'array',
      });
      if (batch.rows.length === 0) break;
      for (const row of batch.rows) sheet.addRow(row).commit();
      written += batch.rows.length;
    }
    await client.query('COMMIT');
    sheet.commit();
    await workbook.commit();
    await closed;
    const ms = performance.now() - started;
    return { arm: 'bare', rows: written, ms, bytes: statSync(file).size };
  } finally {
    await client.end();
  }
}

/**
 * This process's own peak RSS. Linux keeps `getrusage`'s `maxRSS` across `execve`, so in a child
 * forked from the (large) bench process it reports the parent's size at the fork, the same for both
 * arms. `VmHWM` belongs to the address space the child's `exec` created: this run's alone.
 */
function peakRssKb(): number {
  try {
    const hwm = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (hwm?.[1]) return Number(hwm[1]);
  } catch {
    // Not Linux: no /proc.
  }
  return process.resourceUsage().maxRSS;
}

const [arm, databaseUrl, rowsArg] = process.argv.slice(2);
const rows = Number(rowsArg);
if ((arm !== 'ours' && arm !== 'bare') || !databaseUrl || !Number.isInteger(rows) || rows < 1) {
  console.error('usage: export-arm.ts ours|bare <databaseUrl> <rows>');
  process.exit(2);
}
const dir = mkdtempSync(path.join(tmpdir(), `bm-export-${arm}-`));
try {
  const result = await (arm === 'ours' ? ours : bare)(databaseUrl, rows, dir);
  const out: ArmResult = { ...result, maxRssKb: peakRssKb() };
  process.stdout.write(`${JSON.stringify(out)}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
