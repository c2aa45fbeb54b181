/**
 * The demo seed: catalogue, the demo accounts and demo rows for each area, deterministic, with
 * `reservations` setting the size of the large table (`npm run seed -- --scale N`). Idempotent.
 */
import { DEMO_USERS } from '../../catalog/demo-users.ts';
import { syncCatalog } from '../catalog/sync-catalog.ts';
import type { Db } from '../db/pool.ts';
import { addUser, listUsers } from '../users/users.ts';
import { seedInterceptions } from './seed-interceptions.ts';
import { seedNotifications } from './seed-notifications.ts';
import { seedPages } from './seed-pages.ts';
import { seedReservations } from './seed-reservations.ts';

export const DEFAULT_RESERVATIONS = 20_000;

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
  await seedPages(db);
  await seedInterceptions(db);
  await seedNotifications(db);
  await seedReservations(db, opts.reservations ?? DEFAULT_RESERVATIONS);
}
