/**
 * Line 8: a database change reaching browser sockets. A notification row written to the database
 * and timed until its `{"type":"receiveNewMessage","message":…}` frame arrives on
 * `/notificationshub`, against a minimal `ws` + LISTEN/NOTIFY relay (socket-relay.ts) carrying the
 * same message for a row of the same shape.
 *
 * - latency: one socket per arm, BENCH_ROUNDS (default 200) changes one after another, p50 and p99;
 * - fan-out: 1,000 sockets per arm, 50 accounts × 20 sockets (20 is the hub's limit per account),
 *   and one INSERT statement raising the same message to all 50 accounts: the time until the last
 *   of the 1,000 sockets has it (BENCH_SOCKET_FANOUTS changes per measurement, default 20, median).
 *
 * The clients and the writer run in a worker thread (socket-clients.ts); our server and the relay
 * share the main thread, as both run in the bench's process. The bench accounts
 * (`socket-bench-NN@bench.local`, role viewer) stay in the bench database; their notifications and
 * the relay's table are removed at the end.
 */
import { Worker } from 'node:worker_threads';
import { addUser } from '../../apps/api/src/users/users.ts';
import { signIn } from '../../apps/api/test/sign-in.ts';
import type { BenchEnv } from './bench-setup.ts';
import { checkPlan, fmtMs, fmtRatio, median, paired, quantile, report } from './report.ts';
import type { Answer, Arm, Request } from './socket-clients.ts';
import { RELAY_TABLE, startRelay } from './socket-relay.ts';

const ACCOUNTS = 50;
const SOCKETS_PER_ACCOUNT = 20;
const PASSWORD = 'socket-bench-password';
const TARGET = 1.5;

const account = (i: number) => `socket-bench-${String(i).padStart(2, '0')}@bench.local`;

/** The same message on both arms: a title carrying the worker's marker, a description, an action. */
const DESCRIPTION =
  'The price-watch import of the Sixt feed finished: 12,408 offers read, 311 new, 27 changed. '.repeat(2);
const ACTIONS = JSON.stringify({ open: { url: '/pricewatch/imports/view/4711' } });
const COLUMNS = 'from_email, to_email, title, description, actions';
const values = (to: string) =>
  `'importer@bmtools.local', ${to}, 'Import finished ' || $1, '${DESCRIPTION}', '${ACTIONS}'::jsonb`;
const oneChange = (table: string) =>
  `INSERT INTO ${table} (${COLUMNS}) VALUES (${values(`'${account(0)}'`)})`;
const fanOutChange = (table: string) =>
  `INSERT INTO ${table} (${COLUMNS})
   SELECT ${values(`format('socket-bench-%s@bench.local', lpad(i::text, 2, '0'))`)}
     FROM generate_series(0, ${ACCOUNTS - 1}) AS i`;

/** The clients' worker, with a call that sends one request and waits for its answer. */
function startClients(databaseUrl: string) {
  // A worker does not inherit the tsx loader on Node 20: its entry registers tsx, then loads the file.
  const tsx = JSON.stringify(import.meta.resolve('tsx/esm/api'));
  const file = JSON.stringify(new URL('./socket-clients.ts', import.meta.url).href);
  const worker = new Worker(`import(${tsx}).then((t) => { t.register(); return import(${file}); })`, {
    eval: true,
    workerData: { databaseUrl },
  });
  let pending: { resolve: (a: Answer) => void; reject: (e: Error) => void } | undefined;
  worker.on('message', (answer: Answer) => {
    const p = pending;
    pending = undefined;
    if (answer.op === 'error') p?.reject(new Error(answer.message));
    else p?.resolve(answer);
  });
  let failed: Error | undefined;
  worker.on('error', (error) => {
    failed = error;
    pending?.reject(error);
  });
  worker.on('exit', (code) => {
    failed ??= new Error(`the socket clients' worker exited (${code})`);
    pending?.reject(failed);
  });
  const ask = (request: Request) =>
    new Promise<Answer>((resolve, reject) => {
      if (failed) return reject(failed);
      pending = { resolve, reject };
      worker.postMessage(request);
    });
  return {
    ask,
    time: async (arm: Arm, sql: string, count: number, sockets: number) => {
      const answer = await ask({ op: 'time', arm, sql, count, sockets });
      if (answer.op !== 'timed') throw new Error(`unexpected answer ${answer.op}`);
      return answer.ms;
    },
    close: async () => {
      await ask({ op: 'close' }).catch(() => undefined);
      await worker.terminate();
    },
  };
}

/** Creates the bench accounts that are missing and signs every one in; their access tokens. */
async function benchTokens(env: BenchEnv): Promise<string[]> {
  const { rows } = await env.server.db.query<{ email: string }>(
    `SELECT email FROM users WHERE email LIKE 'socket-bench-%@bench.local'`,
  );
  const have = new Set(rows.map((r) => r.email));
  const tokens: string[] = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    if (!have.has(account(i)))
      await addUser(env.server.db, { email: account(i), role: 'viewer', password: PASSWORD });
    tokens.push((await signIn(env.base, account(i), PASSWORD)).accessToken);
  }
  return tokens;
}

export async function socketBenchmarks(env: BenchEnv): Promise<void> {
  const pairs = Number(process.env.BENCH_PAIRS ?? 5);
  const rounds = Number(process.env.BENCH_ROUNDS ?? 200);
  const fanOuts = Number(process.env.BENCH_SOCKET_FANOUTS ?? 20);

  const tokens = await benchTokens(env);
  const relay = await startRelay(env.databaseUrl);
  const clients = startClients(env.databaseUrl);
  const hub = (i: number) =>
    `${env.base.replace(/^http/, 'ws')}/notificationshub?access_token=${encodeURIComponent(tokens[i] ?? '')}`;
  const connect = async (arm: Arm, urls: string[]) => {
    const answer = await clients.ask({ op: 'connect', arm, urls });
    if (answer.op !== 'connected') throw new Error(`unexpected answer ${answer.op}`);
  };
  try {
    // Latency: one socket each, of account 0.
    await connect('ours', [hub(0)]);
    await connect('baseline', [`${relay.url}${account(0)}`]);
    const p99s: Record<Arm, number[]> = { ours: [], baseline: [] };
    const latency = (arm: Arm, table: string) => async () => {
      const ms = await clients.time(arm, oneChange(table), rounds, 1);
      p99s[arm].push(quantile(ms, 0.99));
      return quantile(ms, 0.5);
    };
    const p50 = await paired(pairs, latency('ours', 'notifications'), latency('baseline', RELAY_TABLE));
    // The warm-up pair's p99s come first; they are not part of the figures.
    const ours99 = p99s.ours.slice(1);
    const base99 = p99s.baseline.slice(1);
    const ratios99 = ours99.map((x, i) => x / (base99[i] ?? Number.NaN));
    const p99 = {
      ratio: median(ratios99),
      spread: [Math.min(...ratios99), Math.max(...ratios99)] as [number, number],
    };
    for (const [label, result, ours, base] of [
      ['p50', p50, median(p50.ours), median(p50.baseline)],
      ['p99', p99, median(ours99), median(base99)],
    ] as const) {
      const pass = result.ratio <= TARGET;
      report({
        name: `notification row → hub socket, ${label} of ${rounds} changes vs ws + LISTEN/NOTIFY relay`,
        ours: fmtMs(ours),
        baseline: fmtMs(base),
        ratio: fmtRatio(result),
        target: `≤ ${TARGET}x`,
        pass,
        ...(pass ? {} : { note: 'our path costs more than the relay per change (see bench/README.md)' }),
      });
    }

    // Fan-out: 1,000 sockets each (50 accounts × 20), one statement raising the message to all 50.
    const more = (arm: Arm, url: (i: number) => string) =>
      connect(
        arm,
        Array.from({ length: ACCOUNTS * SOCKETS_PER_ACCOUNT - 1 }, (_, k) =>
          url(Math.floor((k + 1) / SOCKETS_PER_ACCOUNT)),
        ),
      );
    await more('ours', hub);
    await more('baseline', (i) => `${relay.url}${account(i)}`);
    const sockets = ACCOUNTS * SOCKETS_PER_ACCOUNT;
    const fanOut = (arm: Arm, table: string) => async () =>
      median(await clients.time(arm, fanOutChange(table), fanOuts, sockets));
    const spread = await paired(pairs, fanOut('ours', 'notifications'), fanOut('baseline', RELAY_TABLE));
    const pass = spread.ratio <= TARGET;
    report({
      name: `fan-out: one change to ${ACCOUNTS} accounts → last of ${sockets.toLocaleString('en')} hub sockets vs relay (median of ${fanOuts})`,
      ours: fmtMs(median(spread.ours)),
      baseline: fmtMs(median(spread.baseline)),
      ratio: fmtRatio(spread),
      target: `≤ ${TARGET}x`,
      pass,
      ...(pass ? {} : { note: 'our fan-out costs more than the relay (see bench/README.md)' }),
    });

    // The one query our hub may run per change: a primary-key read, never a scan.
    const plan = await checkPlan(env.databaseUrl, {
      text: 'SELECT id, from_email, to_email, title, description, is_read, actions, created_at FROM notifications WHERE id = $1',
      values: [1],
    });
    console.log(`  plan of the hub's read by id:\n${plan.text}`);
  } finally {
    await clients.close();
    await relay.close();
    await env.server.db.query(`DELETE FROM notifications WHERE to_email LIKE 'socket-bench-%@bench.local'`);
  }
}
