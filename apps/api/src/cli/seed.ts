/**
 * `npm run seed`: migrates the database at DATABASE_URL (or the embedded one under DATA_DIR) and
 * fills it with the demo seed. Safe to run twice.
 */
import { loadConfig } from '../config.ts';
import { seedDemo } from '../seed/seed-demo.ts';
import { withCliDatabase } from './cli-database.ts';

const config = loadConfig();
await withCliDatabase(config, async (db) => {
  await seedDemo(db);
  console.log('Demo seed applied.');
});
