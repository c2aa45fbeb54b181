/**
 * Load: a constant arrival rate (an open model: calls start on their schedule whether or not the
 * earlier ones have finished, as staff do) against the real server process on a database with
 * STRESS_RESERVATIONS reservations (default 200,000: ten times the demo volume), for
 * STRESS_LOAD_SECONDS (default 180) at STRESS_LOAD_RATE calls a second (default 40). The mix is what
 * the console sends: reservation lists with filters and sorts and their page summaries, record
 * reads, saves, bulk edits and exports, while notifications are raised in the database and hub
 * sockets receive them. What must hold: no 5xx answer at all, and every socket receives every
 * notification. p50/p99 per call kind are recorded.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { HubMessage } from '@bm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { seedDemo } from '../src/seed/seed-demo.ts';
import { saveValues } from '../test/api-caller.ts';
import { type ChildServer, spawnServer, waitFor } from '../test/child-server.ts';
import { signIn } from '../test/sign-in.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { type Figure, recordFigures } from './figures.ts';

const RESERVATIONS = Number(process.env.STRESS_RESERVATIONS ?? 200_000);
const SECONDS = Number(process.env.STRESS_LOAD_SECONDS ?? 180);
const RATE = Number(process.env.STRESS_LOAD_RATE ?? 40);
const SOCKETS = Number(process.env.STRESS_LOAD_SOCKETS ?? 20);
const EMAIL = 'admin@bmtools.local';

type Kind = 'list' | 'summary' | 'read' | 'save' | 'bulk edit' | 'export' | 'notification';
/** Share of the arrivals per kind (of 100); exports go apart, see EXPORT_EVERY_S. */
const MIX: [Kind, number][] = [
  ['list', 40],
  ['summary', 12],
  ['read', 15],
  ['save', 15],
  ['bulk edit', 3],
  ['notification', 15],
];
/**
 * One export every this many seconds, whatever the rate: a person has at most five queued or running
 * (a sixth is refused with 429) and an export of tens of thousands of rows takes seconds, so exports
 * at the lists' rate would only measure that queue.
 */
const EXPORT_EVERY_S = 15;
const KINDS: Kind[] = [...MIX.map(([kind]) => kind), 'export'];

let database: TestDatabase;
let server: ChildServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  const seeded = Date.now();
  await seedDemo(database.db, { reservations: RESERVATIONS });
  console.log(`load: ${RESERVATIONS.toLocaleString('en')} reservations in ${(Date.now() - seeded) / 1000} s`);
  await database.db.query('VACUUM (ANALYZE) reservations');
  const storage = await mkdtemp(path.join(tmpdir(), 'bm-load-'));
  server = await spawnServer({
    DATABASE_URL: database.url,
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    // The planned staff load stays under the limits (rate-limits.test.ts); this is one client
    // address sending for many people at once.
    RATE_LIMITS: 'off',
    EXPORT_STORAGE_DIR: storage,
  });
  // Warnings only (a line per request would fill the test's memory): ready is when /healthz says so.
  await waitFor(
    'the server to answer',
    async () =>
      (await fetch(`${server.baseUrl}/healthz`).catch(() => undefined))?.status === 200 ? true : undefined,
    60_000,
    200,
  );
  for (const name of ['admin', 'editor']) {
    tokens[name] = (await signIn(server.baseUrl, `${name}@bmtools.local`, name)).accessToken;
  }
}, 30 * 60_000);

afterAll(async () => {
  if (server && !server.hasExited()) {
    server.process.kill('SIGTERM');
    await Promise.race([server.exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  }
});

interface Outcome {
  kind: Kind;
  status: number;
  ms: number;
}

const SUPPLIERS = ['Hertz', 'Sixt', 'Avis', 'Europcar', 'Enterprise', 'Budget'];
const SORTS = ['pickupDate=DESC', 'pickupDate=ASC', 'id=DESC', 'totalPrice=DESC'];

/** A deterministic pseudo-random sequence, so two runs send the same calls. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

describe('load', () => {
  it(
    `${RATE} calls a second for ${SECONDS} s on ${RESERVATIONS.toLocaleString('en')} reservations: no 5xx, every notification on every socket`,
    async () => {
      const next = random(20261126);
      const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
      const { rows: pageRows } = await database.db.query<{ id: number }>('SELECT id FROM pages ORDER BY id');
      expect(pageRows.length).toBeGreaterThan(10);
      const pageIds = pageRows.map((r) => r.id);

      const sockets = await Promise.all(
        Array.from(
          { length: SOCKETS },
          () =>
            new Promise<{ socket: WebSocket; ids: Set<number> }>((resolve, reject) => {
              const socket = new WebSocket(
                `${server.baseUrl.replace(/^http/, 'ws')}/notificationshub?access_token=${tokens.admin}`,
              );
              const ids = new Set<number>();
              socket.on('message', (data) => {
                const message = JSON.parse(String(data)) as HubMessage;
                if (message.message.title.startsWith('load ')) ids.add(Number(message.message.id));
              });
              socket.once('open', () => resolve({ socket, ids }));
              socket.once('error', reject);
            }),
        ),
      );

      const call = async (who: string, method: string, url: string, body?: unknown): Promise<number> => {
        const response = await fetch(`${server.baseUrl}${url}`, {
          method,
          headers: {
            authorization: `Bearer ${tokens[who]}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(60_000),
        });
        await response.arrayBuffer();
        return response.status;
      };
      const raised: number[] = [];
      let serial = 0;
      const run: Record<Kind, () => Promise<number>> = {
        list: () => {
          const filters = JSON.stringify({
            and: [
              { operation: 'eq', name: 'supplier', type: 'text', value: pick(SUPPLIERS) },
              { operation: 'gt', name: 'totalPrice', type: 'number', value: Math.floor(next() * 800) },
            ],
          });
          const query = new URLSearchParams({
            filters,
            sort: JSON.stringify([pick(SORTS)]),
            pageSize: String(pick([20, 20, 20, 100])),
            pageIndex: String(Math.floor(next() * 5)),
          });
          return call('admin', 'GET', `/api/reservations?${query}`);
        },
        summary: () => {
          const filters = JSON.stringify({
            operation: 'eq',
            name: 'supplier',
            type: 'text',
            value: pick(SUPPLIERS),
          });
          return call('admin', 'GET', `/api/reservations/page-summarize?${new URLSearchParams({ filters })}`);
        },
        read: () => call('editor', 'GET', `/api/pages/${pick(pageIds)}`),
        // A read then a save on the version read; another save of the same record may win (409).
        save: async () => {
          const id = pick(pageIds);
          const response = await fetch(`${server.baseUrl}/api/pages/${id}`, {
            headers: { authorization: `Bearer ${tokens.editor}` },
          });
          const record = (await response.json()) as { rowVersion?: number };
          return call('editor', 'PUT', `/api/pages/${id}`, {
            values: saveValues({ title: `load ${++serial}`, rowVersion: record.rowVersion }),
          });
        },
        'bulk edit': () => {
          const filters = encodeURIComponent(
            JSON.stringify({ operation: 'eq', name: 'id', type: 'number', value: pick(pageIds) }),
          );
          return call('admin', 'PUT', `/api/pages/bulk-update?filters=${filters}`, {
            storeProcedure: 'bm_page_save',
            values: saveValues({ priority: 1 + Math.floor(next() * 9), markedFields: 'priority' }),
          });
        },
        export: () =>
          call('admin', 'POST', '/api/exports/send', {
            storeProcedure: 'bm_export_send',
            values: saveValues({
              fileName: `load ${++serial}.xlsx`,
              criteria: JSON.stringify({
                source: '/api/reservations',
                timeZone: 'UTC',
                filters: { operation: 'eq', name: 'supplier', type: 'text', value: pick(SUPPLIERS) },
                selector: [
                  { field: 'reservationNumber', label: 'Reservation no.' },
                  { field: 'pickupDate', label: 'Pick-up' },
                ],
              }),
              pageName: 'Reservations',
            }),
          }),
        notification: async () => {
          const { rows } = await database.db.query<{ id: number }>(
            'INSERT INTO notifications (to_email, title, description) VALUES ($1, $2, $2) RETURNING id',
            [EMAIL, `load ${++serial}`],
          );
          raised.push(Number(rows[0]?.id));
          return 200;
        },
      };
      const kinds = MIX.flatMap(([kind, share]) => Array.from({ length: share }, () => kind));

      const outcomes: Outcome[] = [];
      const failures: string[] = [];
      const inFlight = new Set<Promise<void>>();
      const total = SECONDS * RATE;
      const start = performance.now();
      let late = 0;
      for (let i = 0; i < total; i++) {
        const due = start + (i * 1000) / RATE;
        const wait = due - performance.now();
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        else if (wait < -100) late++;
        const kind: Kind = i % (RATE * EXPORT_EVERY_S) === RATE ? 'export' : pick(kinds);
        const began = performance.now();
        const task = run[kind]()
          .then((status) => {
            outcomes.push({ kind, status, ms: performance.now() - began });
          })
          .catch((error: unknown) => {
            failures.push(`${kind}: ${String(error)}`);
          })
          .finally(() => {
            inFlight.delete(task);
          });
        inFlight.add(task);
      }
      await Promise.all(inFlight);
      const elapsed = (performance.now() - start) / 1000;

      // Every socket gets every notification (they arrive within a second; 20 s is a hang guard).
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline && !sockets.every((s) => raised.every((id) => s.ids.has(id)))) {
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const complete = sockets.filter((s) => raised.every((id) => s.ids.has(id))).length;
      for (const { socket } of sockets) socket.close();

      const figures: Figure[] = [];
      for (const kind of KINDS) {
        const mine = outcomes.filter((o) => o.kind === kind);
        const ms = mine.map((o) => o.ms);
        const statuses = [...new Set(mine.map((o) => o.status))].sort().join(', ');
        figures.push({
          figure: `${kind}: p50 / p99 (calls; answers)`,
          value: `${percentile(ms, 50).toFixed(1)} ms / ${percentile(ms, 99).toFixed(1)} ms (${mine.length}; ${statuses})`,
          target: 'recorded',
          ok: mine.length > 0,
        });
      }
      const serverErrors = outcomes.filter((o) => o.status >= 500);
      figures.push(
        {
          figure: `calls at ${RATE}/s for ${SECONDS} s on ${RESERVATIONS.toLocaleString('en')} reservations`,
          value: `${outcomes.length} answered in ${elapsed.toFixed(0)} s; ${late} started over 100 ms late; ${failures.length} not answered`,
          target: 'all answered',
          ok: failures.length === 0 && outcomes.length === total,
        },
        {
          figure: '5xx answers',
          value: String(serverErrors.length),
          target: '0',
          ok: serverErrors.length === 0,
        },
        {
          figure: `notifications on ${SOCKETS} sockets`,
          value: `${complete} of ${SOCKETS} sockets got all ${raised.length}`,
          target: 'every socket, every notification',
          ok: complete === SOCKETS,
        },
      );
      recordFigures('load', figures);

      expect(failures).toEqual([]);
      expect(serverErrors.map((o) => `${o.kind} ${o.status}`)).toEqual([]);
      // Bad requests would mean the load is not the console's: only 2xx, and 409 for a lost race.
      expect(
        outcomes.filter((o) => o.status >= 400 && o.status !== 409).map((o) => `${o.kind} ${o.status}`),
      ).toEqual([]);
      expect(complete).toBe(SOCKETS);
    },
    60 * 60_000,
  );
});
