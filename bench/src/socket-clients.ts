/**
 * The "browsers" and the database writer of the socket benchmarks, in a worker thread of their own:
 * the server under test (ours, and the baseline relay) keeps the main thread to itself, as it would
 * in production, and the clients' own work (receiving a thousand frames) does not queue behind it.
 *
 * The main thread asks (`Request`) and the worker answers (`Answer`): connect a set of sockets for
 * one arm, or time changes written to the database until their messages arrive.
 */
import { parentPort } from 'node:worker_threads';
import pg from 'pg';
import WebSocket from 'ws';

export type Arm = 'ours' | 'baseline';

export type Request =
  | { op: 'connect'; arm: Arm; urls: string[] }
  /**
   * `count` changes one after another, each one INSERT statement (`sql`, with `$1` a marker the
   * title carries) whose messages must reach `sockets` sockets of the arm (every socket it has
   * connected); the answer holds each change's milliseconds from sending the INSERT to the last
   * socket's message.
   */
  | { op: 'time'; arm: Arm; sql: string; count: number; sockets: number }
  | { op: 'close' };

export type Answer =
  | { op: 'connected'; arm: Arm }
  | { op: 'timed'; ms: number[] }
  | { op: 'closed' }
  | { op: 'error'; message: string };

const port = parentPort;
if (!port) throw new Error('socket-clients.ts runs as a worker thread');
const { databaseUrl } = (await import('node:worker_threads')).workerData as { databaseUrl: string };

const writer = new pg.Client({ connectionString: databaseUrl, application_name: 'bm-bench-socket-writer' });
await writer.connect();
// The commit's flush to disk is the same on both arms and only adds the disk's noise to the figures;
// a notification is announced at commit either way.
await writer.query('SET synchronous_commit = off');
const sockets: Record<Arm, WebSocket[]> = { ours: [], baseline: [] };

/** Waiting for one change: the marker its frames carry, how many are still to come, and then what. */
let expecting: { marker: string; left: number; done: () => void } | undefined;

function onFrame(data: WebSocket.RawData): void {
  if (!expecting) return;
  // A frame of an earlier change (none should come late) does not count for this one.
  if (!data.toString().includes(expecting.marker)) return;
  expecting.left--;
  if (expecting.left === 0) expecting.done();
}

async function connect(arm: Arm, urls: string[]): Promise<void> {
  // A few at a time: a thousand upgrades at once would measure the accept queue, not the relay.
  for (let i = 0; i < urls.length; i += 50) {
    await Promise.all(
      urls.slice(i, i + 50).map(
        (url) =>
          new Promise<void>((resolve, reject) => {
            const socket = new WebSocket(url);
            socket.once('open', () => {
              sockets[arm].push(socket);
              resolve();
            });
            socket.once('error', reject);
            socket.once('unexpected-response', (_req, res) =>
              reject(new Error(`${arm} socket upgrade refused: HTTP ${res.statusCode}`)),
            );
            socket.on('message', onFrame);
          }),
      ),
    );
  }
}

let sequence = 0;

async function time(arm: Arm, sql: string, count: number, reach: number): Promise<number[]> {
  if (sockets[arm].length < reach) throw new Error(`${arm}: ${sockets[arm].length} sockets, ${reach} wanted`);
  const out: number[] = [];
  for (let i = 0; i < count; i++) {
    const marker = `#${arm}-${process.pid}-${++sequence}#`;
    const arrived = new Promise<void>((resolve) => {
      expecting = { marker, left: reach, done: resolve };
    });
    const start = performance.now();
    await Promise.all([writer.query(sql, [marker]), arrived]);
    out.push(performance.now() - start);
    expecting = undefined;
  }
  return out;
}

port.on('message', (request: Request) => {
  const answer = async (): Promise<Answer> => {
    switch (request.op) {
      case 'connect':
        await connect(request.arm, request.urls);
        return { op: 'connected', arm: request.arm };
      case 'time':
        return { op: 'timed', ms: await time(request.arm, request.sql, request.count, request.sockets) };
      case 'close':
        for (const socket of [...sockets.ours, ...sockets.baseline]) socket.terminate();
        await writer.end();
        return { op: 'closed' };
    }
  };
  answer().then(
    (a) => port.postMessage(a),
    (error: unknown) => port.postMessage({ op: 'error', message: String(error) } satisfies Answer),
  );
});
