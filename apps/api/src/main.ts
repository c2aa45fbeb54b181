/**
 * Process entry point: `npm start` / `npm run serve`.
 * SIGTERM and SIGINT stop the server at any moment, also during the start, and always stop the
 * embedded PostgreSQL; the exit code is 0 for such a stop and 1 for a start that failed
 * (docs/adr/0007-database-faults.md).
 */
import { loadConfig } from './config.ts';
import { embeddedDatabase } from './db/embedded.ts';
import type { RunningServer, StartingEmbedded } from './server.ts';

/** After a stop was asked for, the process ends no later than this, whatever hangs. */
const STOP_BACKSTOP_MS = 30_000;

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

const abort = new AbortController();
let server: RunningServer | undefined;

const stop = async (signal: NodeJS.Signals) => {
  if (abort.signal.aborted) {
    console.log(`${signal} received again; still shutting down`);
    return;
  }
  console.log(`${signal} received, shutting down`);
  abort.abort();
  // Last resort: the embedded PostgreSQL still gets its stop signal from the exit hook.
  setTimeout(() => process.exit(1), config.shutdownGraceMs + STOP_BACKSTOP_MS).unref();
  // While starting, the start itself stops the database and fails; the code below exits then.
  if (!server) return;
  await server.close();
  console.log('BM Tools stopped');
  process.exit(0);
};
process.on('SIGTERM', (signal) => void stop(signal));
process.on('SIGINT', (signal) => void stop(signal));

// The embedded PostgreSQL starts first and comes up while the rest of the server loads (about
// two seconds of code); startServer waits for it, and stops it on every way out.
let embedded: StartingEmbedded | undefined;
if (!config.databaseUrl) {
  const database = embeddedDatabase(config.dataDir, config.embeddedPgPort, console.log);
  const started = database.start();
  // Awaited by startServer; a failure is reported from there.
  started.catch(() => {});
  embedded = { database, started };
}

let refused: (error: unknown) => boolean = () => false;
try {
  const { StartupRefusedError, startServer } = await import('./server.ts');
  refused = (error) => error instanceof StartupRefusedError;
  server = await startServer(config, console.log, { signal: abort.signal, embedded });
  server.app.log.info(`BM Tools is ready at ${config.publicUrl}`);
} catch (error) {
  // Stopped already when startServer ran; not when the server's code failed to load.
  await embedded?.database.stop().catch(() => {});
  if (abort.signal.aborted) {
    console.log('BM Tools stopped during its start');
    process.exit(0);
  }
  const message = error instanceof Error ? error.message : String(error);
  console.error(refused(error) ? message : `BM Tools did not start: ${message}`);
  process.exit(1);
}
