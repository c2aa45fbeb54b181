/** Process entry point: `npm start` / `npm run serve`. */
import { loadConfig } from './config.ts';
import { StartupRefusedError, startServer } from './server.ts';

const config = loadConfig();
try {
  const server = await startServer(config);
  server.app.log.info(`BM Tools is ready at ${config.publicUrl}`);
  const shutdown = async (signal: string) => {
    server.app.log.info(`${signal} received, shutting down`);
    const force = setTimeout(() => process.exit(1), config.shutdownGraceMs);
    force.unref();
    await server.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
} catch (error) {
  console.error(error instanceof StartupRefusedError ? error.message : error);
  process.exit(1);
}
