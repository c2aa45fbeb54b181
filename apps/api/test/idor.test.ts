/**
 * Insecure direct object references, from one table: user A (an administrator) creates one of each
 * thing a user owns; user B, a second account holding exactly A's roles (so only ownership can
 * refuse), replays A's ids on every route that takes one, and must be refused (403, or 404 for a
 * thing B may not know exists) with A's row unchanged; then every list B can read must never show
 * A's row, neither by id nor by A's unique marker text. A new owned kind is one more row.
 */
import { importJWK, SignJWT } from 'jose';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, saveValues, startSignedIn } from './api-caller.ts';
import { signingKeyOf } from './provider-keys.ts';
import type { TestServer } from './test-server.ts';

const tokens: Record<string, string> = {};
let server: TestServer;
let db: pg.Client;
const call = apiCaller(() => server.baseUrl, tokens);
const A = 'admin';
const B = 'twin';
const B_EMAIL = 'twin.idor@bmtools.local';
const MARKER = `idor-marker-${process.pid}`;
const PAGE_LIST = 'BMTools/Page/List';

beforeAll(async () => {
  ({ server, db } = await startSignedIn(tokens));
  await db.query(
    `WITH u AS (INSERT INTO users (email, display_name, disabled) VALUES ($1, 'Twin', false) RETURNING id)
     INSERT INTO user_roles (user_id, role_id)
     SELECT u.id, ur.role_id FROM u, user_roles ur JOIN users a ON a.id = ur.user_id
      WHERE a.email = 'admin@bmtools.local'`,
    [B_EMAIL],
  );
  const key = await signingKeyOf(server.db);
  const now = Math.floor(Date.now() / 1000);
  tokens[B] = await new SignJWT({ scope: 'bm-tools-api bm-tools-hub', aud: 'bm-tools-api', email: B_EMAIL })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid as string, typ: 'at+jwt' })
    .setIssuer(`${server.baseUrl}/oidc`)
    .setSubject('twin-idor')
    .setIssuedAt(now - 10)
    .setExpirationTime(now + 3600)
    .sign(await importJWK(key, 'RS256'));
});

afterAll(async () => {
  await db?.end();
});

interface Replay {
  method: string;
  path: (id: number) => string;
  body?: (id: number) => unknown;
}

interface OwnedKind {
  kind: string;
  /** A creates the thing (its text carries MARKER) and returns its id. */
  create: () => Promise<number>;
  /** A's row as stored, to compare before and after B's replays. */
  row: (id: number) => Promise<unknown>;
  /** Every route B replays A's id on; each must answer 403 or 404. */
  replays: Replay[];
  /** Every list B can read that could show the thing. */
  lists: string[];
}

const presetDefinition = JSON.stringify({
  source: '/api/pages',
  settings: { pageItems: 50 },
  definition: [{ key: 'id', mapKey: 'id', column: 'Id', type: 'number', visible: true }],
});

/** A private preset of A's for one right: list, form (Edit) and view presets are all kept per right. */
const privatePreset = (kind: string, rightName: string): OwnedKind => ({
  kind,
  create: async () => {
    const r = await call(A, 'POST', '/api/presets/user', {
      rightName,
      name: MARKER,
      // The personal group: visible to its creator only.
      presetGroupId: 2,
      definition: presetDefinition,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    return Number(r.body.id);
  },
  row: async (id) => (await db.query('SELECT * FROM presets WHERE id = $1', [id])).rows,
  replays: [
    {
      method: 'PUT',
      path: (id) => `/api/presets/user/${id}`,
      body: (id) => ({ id, rightName, name: 'stolen', definition: presetDefinition }),
    },
    { method: 'DELETE', path: () => '/api/presets/user', body: (id) => ({ id, rightName }) },
    {
      method: 'POST',
      path: () => '/api/presets/user/change',
      body: (id) => ({ id, rightName }),
    },
  ],
  lists: ['/api/presets/user', `/api/presets/user/${encodeURIComponent(rightName)}`],
});

const OWNED: OwnedKind[] = [
  privatePreset('private list preset', PAGE_LIST),
  privatePreset('private form preset', 'BMTools/Page/Edit'),
  privatePreset('private view preset', 'BMTools/Page/View'),
  {
    kind: 'notification addressed to A',
    create: async () => {
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO notifications (to_email, title, description) VALUES ('admin@bmtools.local', $1, $1) RETURNING id`,
        [MARKER],
      );
      return Number(rows[0]?.id);
    },
    row: async (id) => (await db.query('SELECT * FROM notifications WHERE id = $1', [id])).rows,
    replays: [
      { method: 'PUT', path: (id) => `/api/notifications/${id}/makeAsRead` },
      { method: 'PUT', path: () => '/api/notifications/makeAllAsRead' },
    ],
    lists: [
      '/api/notifications/get',
      '/api/notifications/getLatestMessages?latestMessageId=0',
      '/api/notifications/get?email=admin%40bmtools.local',
    ],
  },
  {
    kind: 'export',
    create: async () => {
      const r = await call(A, 'POST', '/api/exports/send', {
        storeProcedure: 'bm_export_send',
        values: saveValues({
          fileName: `${MARKER}.xlsx`,
          criteria: JSON.stringify({
            source: '/api/reservations',
            timeZone: 'UTC',
            selector: [{ field: 'reservationNumber', label: 'Reservation no.' }],
          }),
          pageName: 'Reservations',
        }),
      });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return Number(r.body.id);
    },
    // The worker may move a queued export along; compare what a replay could change.
    row: async (id) =>
      (await db.query('SELECT id, file_name, requested_by FROM exports WHERE id = $1', [id])).rows,
    replays: [
      { method: 'GET', path: (id) => `/api/exports/${id}` },
      { method: 'GET', path: (id) => `/api/exports/download?id=${id}` },
      { method: 'POST', path: (id) => `/api/exports/${id}/cancel` },
      { method: 'DELETE', path: (id) => `/api/exports/${id}`, body: () => ({ values: [] }) },
    ],
    lists: ['/api/exports?pageSize=1000', '/api/exports/page-summarize'],
  },
];

describe.each(OWNED)('$kind of user A', (owned) => {
  let id = 0;
  let before: unknown;

  beforeAll(async () => {
    id = await owned.create();
    expect(id).toBeGreaterThan(0);
    before = await owned.row(id);
    expect(before).toHaveLength(1);
  });

  it('is refused to user B on every route that takes its id, and stays unchanged', async () => {
    for (const replay of owned.replays) {
      const answer = await call(B, replay.method, replay.path(id), replay.body?.(id));
      if (replay.path(id).endsWith('makeAllAsRead')) {
        // Marks only the caller's own: it succeeds, and must not touch A's row.
        expect(answer.status).toBe(200);
      } else {
        expect([403, 404], `${replay.method} ${replay.path(id)}: ${answer.status}`).toContain(answer.status);
      }
      expect(await owned.row(id), `${replay.method} ${replay.path(id)}`).toEqual(before);
    }
  });

  it('never shows in any list user B reads', async () => {
    for (const list of owned.lists) {
      const answer = await call(B, 'GET', list);
      if (list.includes('email=admin')) {
        expect([400, 403], list).toContain(answer.status);
        continue;
      }
      expect(answer.status, list).toBe(200);
      const text = JSON.stringify(answer.body);
      expect(text, list).not.toContain(MARKER);
      expect(text, list).not.toMatch(new RegExp(`"id":"?${id}"?[,}]`));
    }
  });
});

describe('favourites', () => {
  it('are per user: B neither sees nor removes A’s', async () => {
    const menuId = 424_242;
    const fav = { menuId, path: `/${MARKER}` };
    expect((await call(A, 'POST', '/api/menu/addfavorite', fav)).status).toBe(201);
    const mine = () =>
      db.query(
        `SELECT * FROM favorite_menu_entries WHERE user_email = 'admin@bmtools.local' AND menu_id = $1`,
        [menuId],
      );
    const before = (await mine()).rows;
    expect(before).toHaveLength(1);
    expect((await call(B, 'DELETE', '/api/menu/removefavorite', fav)).status).toBeLessThan(500);
    expect((await mine()).rows).toEqual(before);
    const list = await call(B, 'GET', '/api/menu/favorites');
    expect(list.status).toBe(200);
    expect(JSON.stringify(list.body)).not.toContain(MARKER);
  });
});

describe('uploaded files', () => {
  // A file belongs to the area whose form stores into its folder, not to its uploader: whoever may
  // see that area's records (which hold the path) may read it, anyone else gets the 404 of a file
  // that does not exist (docs/adr/0020-uploaded-files.md).
  it('are read by the roles of their area only; to anyone else the path is a 404, like a missing file', async () => {
    const form = new FormData();
    form.append('directory', 'pages/images');
    form.append('file', new Blob([Buffer.from(`${MARKER}\n`)]), 'idor-note.txt');
    const uploaded = await fetch(`${server.baseUrl}/api/files/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.editor}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const { filePath } = (await uploaded.json()) as { filePath: string };
    const read = (who: string, file = filePath) =>
      fetch(`${server.baseUrl}/api/files/${file}`, { headers: { authorization: `Bearer ${tokens[who]}` } });

    // The mapper holds no right of the Pages area.
    const outsider = await read('mapper');
    const missing = await read('mapper', filePath.replace(/-[0-9a-f]{12}\./, '-000000000000.'));
    expect(outsider.status).toBe(404);
    expect(await outsider.text()).toBe(await missing.text());

    for (const who of ['editor', 'viewer', A, B]) {
      const answer = await read(who);
      expect(answer.status, who).toBe(200);
      expect(await answer.text(), who).toBe(`${MARKER}\n`);
    }
  });
});
