/**
 * The demo seed: catalogue plus the demo accounts. Idempotent; later issues add demo rows for each
 * area here, generated deterministically (fixed faker seed) with a `--scale` option.
 */
import { DEMO_USERS } from '../../catalog/demo-users.ts';
import { syncCatalog } from '../catalog/sync-catalog.ts';
import type { Db } from '../db/pool.ts';
import { addUser, listUsers } from '../users/users.ts';

export async function seedDemo(db: Db): Promise<void> {
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
}
