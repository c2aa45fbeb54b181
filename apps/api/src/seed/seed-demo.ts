/**
 * The demo seed: catalogue, the demo accounts and demo rows for each area, deterministic, with
 * `reservations` setting the size of the large table (`npm run seed -- --scale N`). Idempotent.
 */
import { AREA_INDEX } from '../../areas/index.ts';
import { DEMO_USERS } from '../../catalog/demo-users.ts';
import { syncCatalog } from '../catalog/sync-catalog.ts';
import type { Db } from '../db/pool.ts';
import { addUser, listUsers } from '../users/users.ts';
import { seedNotifications } from './seed-notifications.ts';

export const DEFAULT_RESERVATIONS = 20_000;
/**
 * The tests' demo: a tenth of the reservations, the rest of the demo whole. Enough for every list
 * behaviour the tests check (paging past a thousand rows included); the scale tests seed their own.
 */
export const TEST_RESERVATIONS = 2_000;

export async function seedDemo(db: Db, opts: { reservations?: number } = {}): Promise<void> {
  await syncCatalog(db);
  for (const user of DEMO_USERS) {
    if ((await listUsers(db, user.email)).length > 0) continue;
    await addUser(db, {
      email: user.email,
      role: user.role,
      password: user.password,
      displayName: user.displayName,
      isDemo: true,
    });
  }
  // Each area's own demo rows, in index order (an area may read its parent's rows).
  const scale = opts.reservations ?? DEFAULT_RESERVATIONS;
  for (const area of AREA_INDEX) if (area.kind === 'entity' && area.demo) await area.demo(db, { scale });
  await seedNotifications(db);
}
