/**
 * Exports over real HTTP, with the server's own queue and worker: the send call's refusals, a
 * filtered and sorted export equal to the list it came from (typed cells, the grid's labels and
 * order), the notification with its download, the owner-only download and list, formula-looking
 * text kept as text, cancel, a failure recorded and notified, delete and the retention sweep.
 */

import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { EXPORT_FILE_NAME_REQUIRED } from '@bm/contracts';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, saveValues, startSignedIn } from '../../test/api-caller.ts';
import { LONG_EXPORT_ROWS } from '../../test/long-export.ts';
import type { TestServer } from '../../test/test-server.ts';
import { seedApiLogs } from '../api-logs/demo.ts';

let server: TestServer;
let db: pg.Client;
const tokens: Record<string, string> = {};
const call = apiCaller(() => server.baseUrl, tokens);

beforeAll(async () => {
  ({ server, db } = await startSignedIn(tokens));
});
afterAll(async () => {
  await db.end();
});

/** Gives a demo role rights it does not hold (the role's rights are rows; nothing is cached). */
const grant = (role: string, rights: string[]) =>
  db.query(
    `INSERT INTO role_rights (role_id, right_id)
     SELECT r.id, g.id FROM roles r, rights g WHERE r.name = $1 AND g.name = ANY($2) ON CONFLICT DO NOTHING`,
    [role, rights],
  );
const revoke = (role: string, rights: string[]) =>
  db.query(
    `DELETE FROM role_rights WHERE role_id = (SELECT id FROM roles WHERE name = $1)
        AND right_id IN (SELECT id FROM rights WHERE name = ANY($2))`,
    [role, rights],
  );
/**
 * Whether a stored file exists in this server's export folder. Only its own: the servers of other
 * test files run at the same time, with exports of the same ids in databases of their own.
 */
async function stored(key: string): Promise<boolean> {
  return stat(path.join(server.exportDir, key)).then(
    () => true,
    () => false,
  );
}

/** Files (finished or half written) of one export in this server's export folder. */
async function partsOf(id: number): Promise<string[]> {
  const files = await readdir(path.join(server.exportDir, 'xlsx')).catch(() => []);
  return files.filter((name) => name.startsWith(`${id}-`));
}

const SELECTOR = [
  { field: 'reservationNumber', label: 'Reservation no.' },
  { field: 'customerName', label: 'Customer' },
  { field: 'totalPrice', label: 'Total' },
  { field: 'pickupDate', label: 'Pick-up date' },
  { field: 'isActiveCustomer', label: 'Active customer' },
];
const CONFIRMED = { name: 'status', type: 'text', operation: 'eq', value: 'confirmed' };

const sendBody = (fileName: unknown, criteria: unknown, pageName = 'Reservations') => ({
  storeProcedure: 'bm_export_send',
  values: saveValues({ fileName, criteria: JSON.stringify(criteria), pageName }),
});
const criteriaOf = (over: Record<string, unknown> = {}) => ({
  source: '/api/reservations',
  sort: ['totalPrice=DESC'],
  filter: { and: [CONFIRMED, { name: 'totalPrice', type: 'number', operation: 'gte', value: 900 }] },
  selector: SELECTOR,
  timeZone: 'UTC',
  ...over,
});

interface ExportRow {
  id: number;
  status: string;
  rowCount: number;
  error: string | null;
  fileName: string;
}

async function waitForExport(
  who: string,
  id: number,
  until: (row: ExportRow) => boolean,
): Promise<ExportRow> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { status, body } = await call(who, 'GET', `/api/exports/${id}`);
    expect(status).toBe(200);
    const row = body as unknown as ExportRow;
    if (until(row)) return row;
    if (Date.now() > deadline) throw new Error(`export ${id} stayed ${row.status}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
const finished = (row: ExportRow) => !['queued', 'running'].includes(row.status);

async function download(
  who: string,
  id: number,
): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const response = await fetch(`${server.baseUrl}/api/exports/download?id=${id}`, {
    headers: { authorization: `Bearer ${tokens[who]}` },
  });
  return {
    status: response.status,
    headers: response.headers,
    bytes: Buffer.from(await response.arrayBuffer()),
  };
}

async function send(who: string, fileName: unknown, criteria: unknown): Promise<number> {
  const { status, body } = await call(who, 'POST', '/api/exports/send', sendBody(fileName, criteria));
  expect(status, JSON.stringify(body)).toBe(200);
  expect(body.isSuccess).toBe(true);
  return Number(body.id);
}

describe('sending an export', () => {
  it('refuses a blank file name with the form message, and stores nothing', async () => {
    const before = await db.query('SELECT count(*)::int AS n FROM exports');
    for (const name of ['', '   ', '.xlsx', null]) {
      const { status, body } = await call('admin', 'POST', '/api/exports/send', sendBody(name, criteriaOf()));
      expect(status).toBe(400);
      expect(body.errors).toEqual({ fileName: EXPORT_FILE_NAME_REQUIRED });
    }
    const after = await db.query('SELECT count(*)::int AS n FROM exports');
    expect(after.rows[0]).toEqual(before.rows[0]);
  });

  it('refuses path characters in the name, a foreign procedure and criteria the list would refuse', async () => {
    const bad = async (body: unknown, field: string, text: RegExp) => {
      const answer = await call('admin', 'POST', '/api/exports/send', body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      expect(Object.keys(answer.body.errors ?? {})).toEqual([field]);
      expect(String(answer.body.message)).toMatch(text);
    };
    await bad(sendBody('../../etc/passwd', criteriaOf()), 'fileName', /may not hold/);
    await bad(
      { ...sendBody('a', criteriaOf()), storeProcedure: 'bm_pages_delete' },
      'storeProcedure',
      /bm_export_send/,
    );
    await bad(
      sendBody('a', criteriaOf({ selector: [{ field: 'password', label: 'x' }] })),
      'criteria',
      /unknown column "password"/,
    );
    await bad(
      sendBody('a', criteriaOf({ filter: { name: 'status', type: 'text', operation: 'drop', value: 1 } })),
      'criteria',
      /unknown operation "drop"/,
    );
    await bad(sendBody('a', criteriaOf({ sort: ['id; DROP TABLE exports=ASC'] })), 'criteria', /sort/);
    await bad(sendBody('a', criteriaOf({ source: '/api/nothing' })), 'criteria', /does not exist/);
    await bad(sendBody('a', criteriaOf({ sqlViewName: 'users' })), 'criteria', /not registered/);
    await bad(sendBody('a', criteriaOf({ selector: [] })), 'criteria', /selector/);
    await bad(sendBody('a', '{not json'), 'criteria', /criteria/);
  });

  it('needs the Export right, and the List right of the list exported', async () => {
    // The viewer lists reservations but holds no Export right; the editor holds neither list nor export.
    expect((await call('viewer', 'POST', '/api/exports/send', sendBody('a', criteriaOf()))).status).toBe(403);
    expect((await call('mapper', 'POST', '/api/exports/send', sendBody('a', criteriaOf()))).status).toBe(403);
    await grant('mapper', ['BMTools/Export/List']);
    try {
      const answer = await call('mapper', 'POST', '/api/exports/send', sendBody('a', criteriaOf()));
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe('Missing right BMTools/Reservation/List');
    } finally {
      await revoke('mapper', ['BMTools/Export/List']);
    }
  });
});

describe('open exports per person', () => {
  it('are at most five: a sixth is refused with 429 until one finishes or is cancelled', async () => {
    // Five requests still waiting for a worker (rows only: nothing runs them).
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO exports (file_name, page_name, requested_by, entity, source, criteria)
       SELECT 'waiting.xlsx', 'Reservations', 'admin@bmtools.local', 'Reservation', '/api/reservations',
              '{"source":"/api/reservations","sort":[],"selector":[{"field":"id","label":"Id"}]}'
         FROM generate_series(1, 5) RETURNING id`,
    );
    try {
      const refused = await call('admin', 'POST', '/api/exports/send', sendBody('sixth', criteriaOf()));
      expect(refused.status).toBe(429);
      expect(refused.body.message).toMatch(/You have 5 exports in progress/);
      expect((await call('admin', 'POST', `/api/exports/${rows[0]?.id}/cancel`)).status).toBe(200);
      const id = await send('admin', 'sixth', criteriaOf());
      expect(await waitForExport('admin', id, finished)).toMatchObject({ status: 'done' });
    } finally {
      await db.query(`UPDATE exports SET status = 'cancelled' WHERE id = ANY($1) AND status = 'queued'`, [
        rows.map((r) => r.id),
      ]);
    }
  });
});

describe('a finished export', () => {
  let id: number;
  let listRows: Record<string, unknown>[];

  beforeAll(async () => {
    const criteria = criteriaOf();
    const query = new URLSearchParams({
      filters: JSON.stringify(criteria.filter),
      sort: JSON.stringify(criteria.sort),
      fields: JSON.stringify(SELECTOR.map((c) => c.field)),
      pageSize: '1000',
    });
    const list = await call('admin', 'GET', `/api/reservations?${query}`);
    listRows = list.body.data as Record<string, unknown>[];
    expect(list.body.paging).toMatchObject({ hasMore: false });
    expect(listRows.length).toBeGreaterThan(5);
    id = await send('admin', 'Big spenders', criteria);
    const row = await waitForExport('admin', id, finished);
    expect(row).toMatchObject({ status: 'done', rowCount: listRows.length, fileName: 'Big spenders.xlsx' });
  });

  it('holds the list exactly: the grid labels in its order, the same rows in the same sort, typed cells', async () => {
    const file = await download('admin', id);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(file.headers.get('content-disposition')).toContain("filename*=UTF-8''Big%20spenders.xlsx");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.getRow(1).values).toEqual([undefined, ...SELECTOR.map((c) => c.label)]);
    expect(sheet.rowCount).toBe(listRows.length + 1);
    listRows.forEach((listed, i) => {
      const row = sheet.getRow(i + 2);
      expect(row.getCell(1).value).toBe(listed.reservationNumber);
      expect(row.getCell(2).value).toBe(listed.customerName);
      expect(row.getCell(3).value).toBe(listed.totalPrice);
      expect(row.getCell(3).numFmt).toBe('#,##0.00');
      expect((row.getCell(4).value as Date).toISOString()).toBe(
        new Date(String(listed.pickupDate)).toISOString(),
      );
      expect(row.getCell(4).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
      expect(row.getCell(5).value).toBe(listed.isActiveCustomer);
    });
    // The header row is frozen and filterable.
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.autoFilter).toBe('A1:E1');
  });

  it('was announced to its owner with the download', async () => {
    const { rows } = await db.query<{
      title: string;
      actions: { download: { url: string; fileName: string } };
    }>(
      `SELECT title, actions FROM notifications WHERE to_email = 'admin@bmtools.local' AND actions -> 'download' ->> 'url' = $1`,
      [`/api/exports/download?id=${id}`],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.title).toBe('Export ready: Big spenders.xlsx');
    expect(rows[0]?.actions.download.fileName).toBe('Big spenders.xlsx');
  });

  it('is downloaded and listed by its owner only', async () => {
    const EXPORT_RIGHTS = ['BMTools/Export/List', 'BMTools/Export/View', 'BMTools/Export/Delete'];
    await grant('editor', EXPORT_RIGHTS);
    try {
      expect((await download('editor', id)).status).toBe(403);
      expect((await download('editor', 999_999_999)).status).toBe(404);
      expect((await download('editor', Number.NaN)).status).toBe(404);
      const theirs = await call('editor', 'GET', '/api/exports?pageSize=1000');
      expect(theirs.status).toBe(200);
      const ids = (theirs.body.data as ExportRow[]).map((r) => r.id);
      expect(ids).not.toContain(id);
      const owners = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM exports WHERE requested_by = 'editor@bmtools.local'`,
      );
      expect(ids).toHaveLength(owners.rows[0]?.n ?? -1);
      const summary = await call('editor', 'GET', '/api/exports/page-summarize');
      expect(summary.body.totalItemsCount).toBe(owners.rows[0]?.n);
      // The record and the delete answer as if the export did not exist.
      expect((await call('editor', 'GET', `/api/exports/${id}`)).status).toBe(404);
      expect((await call('editor', 'DELETE', `/api/exports/${id}`, { values: [] })).status).toBe(404);
      expect((await call('editor', 'POST', `/api/exports/${id}/cancel`)).status).toBe(403);
      expect((await download('admin', id)).status).toBe(200);
    } finally {
      await revoke('editor', EXPORT_RIGHTS);
    }
  });

  it('cannot be cancelled any more', async () => {
    const answer = await call('admin', 'POST', `/api/exports/${id}/cancel`);
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe('The export is already done');
  });
});

describe('formula-looking text', () => {
  const CORPUS = ['=1+1', '=HYPERLINK("http://x","y")', '@SUM(A1)', '+1', '-1', '\t=1', '\r=1'];

  it('is written as plain text cells with the quote prefix, never as a formula, value unchanged', async () => {
    const { rows } = await db.query<{ id: number }>('SELECT id FROM reservations ORDER BY id LIMIT $1', [
      CORPUS.length,
    ]);
    for (const [i, row] of rows.entries()) {
      await db.query('UPDATE reservations SET customer_name = $2 WHERE id = $1', [row.id, CORPUS[i]]);
    }
    const ids = rows.map((r) => r.id);
    const id = await send('admin', 'corpus', {
      source: '/api/reservations',
      sort: ['id=ASC'],
      filter: { name: 'id', type: 'number', operation: 'in', value: ids },
      selector: [
        { field: 'id', label: 'Id' },
        { field: 'customerName', label: '=cmd|"/c calc"!A1' },
      ],
    });
    expect(await waitForExport('admin', id, finished)).toMatchObject({
      status: 'done',
      rowCount: CORPUS.length,
    });
    const zip = await JSZip.loadAsync((await download('admin', id)).bytes);
    const xml = await (zip.file('xl/worksheets/sheet1.xml') as JSZip.JSZipObject).async('string');
    const styles = await (zip.file('xl/styles.xml') as JSZip.JSZipObject).async('string');
    for (const name of Object.keys(zip.files)) {
      const text = await (zip.file(name) as JSZip.JSZipObject).async('string');
      expect(text, name).not.toMatch(/<f[\s>]/);
    }
    const xfs = [
      ...(/<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/.exec(styles)?.[1] ?? '').matchAll(/<xf [^>]*>/g),
    ].map((m) => m[0]);
    const cells = [...xml.matchAll(/<c r="B(\d+)"([^>]*)>(?:<v>([\s\S]*?)<\/v>)?<\/c>/g)];
    const fromXml = (text: string) =>
      text
        .replace(/&quot;/g, '"')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&#x([0-9a-f]+);/gi, (_, h) => String.fromCharCode(Number.parseInt(h, 16)))
        .replace(/&amp;/g, '&');
    const values = cells.map((c) => fromXml(c[3] ?? ''));
    expect(values).toEqual(['=cmd|"/c calc"!A1', ...CORPUS]);
    for (const cell of cells) {
      const style = Number(/ s="(\d+)"/.exec(cell[2] ?? '')?.[1]);
      expect(xfs[style], `row ${cell[1]}`).toContain('quotePrefix="1"');
    }
  });
});

describe('cancelling, failing, deleting and expiring', () => {
  it('a cancelled export makes no file and no ready notification', async () => {
    // Rows enough that the export is still running when it is cancelled, whatever the demo's size.
    await seedApiLogs(db, LONG_EXPORT_ROWS);
    const id = await send('admin', 'all the logs', {
      source: '/api/ApiLogs',
      sort: ['requestedAt=DESC'],
      selector: [
        { field: 'requestedAt', label: 'Timestamp' },
        { field: 'path', label: 'Path' },
      ],
    });
    // Cancelled while it runs: the run itself has to notice and stop.
    await waitForExport('admin', id, (row) => row.status === 'running' && row.rowCount > 0);
    const answer = await call('admin', 'POST', `/api/exports/${id}/cancel`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ isSuccess: true, message: 'Export cancelled' });
    // Whatever the run had started, it stops at its next progress report.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const { rows } = await db.query<{ status: string; storage_key: string | null }>(
      'SELECT status, storage_key FROM exports WHERE id = $1',
      [id],
    );
    expect(rows[0]).toEqual({ status: 'cancelled', storage_key: null });
    // The half-written file was dropped, not left in storage.
    expect(await partsOf(id)).toEqual([]);
    expect((await download('admin', id)).status).toBe(409);
    const ready = await db.query(`SELECT 1 FROM notifications WHERE actions -> 'download' ->> 'url' = $1`, [
      `/api/exports/download?id=${id}`,
    ]);
    expect(ready.rowCount).toBe(0);
    // Its own limit: it writes 200,000 log rows first, which a loaded two-core machine takes 40 s to do.
  }, 120_000);

  it('a run that cannot read its list is failed with the reason, and the owner told', async () => {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO exports (file_name, page_name, requested_by, entity, source, criteria)
       VALUES ('old.xlsx', 'Reservations', 'admin@bmtools.local', 'Reservation', '/api/reservations',
               '{"source":"/api/reservations","sort":[],"selector":[{"field":"supplierCode","label":"Code"}]}')
       RETURNING id`,
    );
    const id = Number(rows[0]?.id);
    await server.exportJobs.enqueue(id);
    const row = await waitForExport('admin', id, finished);
    expect(row.status).toBe('failed');
    expect(row.error).toBe(`The list's criteria no longer hold: fields: unknown column "supplierCode"`);
    const told = await db.query<{ title: string; description: string }>(
      `SELECT title, description FROM notifications WHERE title = 'Export failed: old.xlsx'`,
    );
    expect(told.rows).toEqual([{ title: 'Export failed: old.xlsx', description: row.error }]);
  });

  it('delete and the retention remove the files', async () => {
    const criteria = criteriaOf();
    const kept = await send('admin', 'kept', criteria);
    const deleted = await send('admin', 'deleted', criteria);
    await waitForExport('admin', kept, finished);
    await waitForExport('admin', deleted, finished);
    const keys = await db.query<{ id: number; storage_key: string }>(
      'SELECT id, storage_key FROM exports WHERE id = ANY($1)',
      [[kept, deleted]],
    );
    expect(keys.rows).toHaveLength(2);
    for (const { storage_key } of keys.rows) expect(await stored(storage_key)).toBe(true);
    const removed = await call('admin', 'DELETE', `/api/exports/${deleted}`, { values: [] });
    expect(removed.status).toBe(200);
    await db.query(`UPDATE exports SET finished_at = now() - interval '200 hours' WHERE id = $1`, [kept]);
    expect(await server.exportJobs.sweep()).toBeGreaterThanOrEqual(2);
    for (const { storage_key } of keys.rows) expect(await stored(storage_key)).toBe(false);
    expect((await download('admin', kept)).status).toBe(410);
    expect((await call('admin', 'GET', `/api/exports/${kept}`)).body).toMatchObject({ status: 'expired' });
    expect((await download('admin', deleted)).status).toBe(404);
  });
});

describe('the demo exports', () => {
  it('say why they failed in terms of their own list: its right, a column of its kind', async () => {
    const { rows } = await db.query<{ page: string; error: string; right: string }>(
      `SELECT x.page_name AS page, x.error, (e.spec ->> 'rightPrefix') || '/List' AS right
         FROM exports x JOIN entity_catalog e ON e.entity = x.entity
        WHERE x.status = 'failed' AND x.requested_by LIKE '%@bmtools.local'`,
    );
    expect(rows.length).toBeGreaterThan(1);
    const rightErrors = rows.filter((r) => r.error.startsWith('You no longer hold the right'));
    expect(rightErrors.length).toBeGreaterThan(0);
    for (const r of rightErrors) expect(r.error, r.page).toContain(`(${r.right})`);
  });
});
