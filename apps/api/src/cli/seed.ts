/**
 * `npm run seed`: migrates the database at DATABASE_URL (or the embedded one under DATA_DIR) and
 * fills it with the demo seed. Safe to run twice. `--scale N` tops reservations up to N rows;
 * `--test-demo` seeds the tests' demo (TEST_RESERVATIONS reservations), as the test runs do.
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { DEFAULT_RESERVATIONS, seedDemo, TEST_RESERVATIONS } from '../seed/seed-demo.ts';
import { withCliDatabase } from './cli-database.ts';

const { values } = parseArgs({ options: { scale: { type: 'string' }, 'test-demo': { type: 'boolean' } } });
const reservations =
  values.scale !== undefined
    ? Number(values.scale)
    : values['test-demo']
      ? TEST_RESERVATIONS
      : DEFAULT_RESERVATIONS;
if (!Number.isInteger(reservations) || reservations < 0 || reservations > 50_000_000) {
  console.error('--scale must be a whole number of reservations (0 to 50,000,000)');
  process.exit(2);
}

await withCliDatabase(loadConfig(), async (db) => {
  const started = Date.now();
  await seedDemo(db, { reservations });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`Demo seed applied (${reservations.toLocaleString('en')} reservations) in ${seconds} s.`);
});
