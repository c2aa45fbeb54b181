/**
 * The auto-map queue's place in the database: a second pg-boss queue in the export queue's schema
 * (export-queue.ts), which auto-map runs go through (mapping/auto-map-jobs.ts). Created with the
 * migrations, so two instances never race to create it.
 */
import PgBoss from 'pg-boss';
import { bossOptions, stopBoss } from './export-queue.ts';
import { createPool } from './pool.ts';

export const AUTOMAP_QUEUE = 'bm-automap';

/**
 * A phase whose instance died is run again after this long (pg-boss expires the job): every phase
 * resumes where its items stand, so a run again never repeats a record.
 */
const AUTOMAP_EXPIRE_SECONDS = 15 * 60;

const automapQueueOptions: PgBoss.Queue = {
  name: AUTOMAP_QUEUE,
  retryLimit: 10,
  retryDelay: 1,
  retryBackoff: false,
  expireInSeconds: AUTOMAP_EXPIRE_SECONDS,
};

export async function installAutoMapQueue(databaseUrl: string): Promise<void> {
  const pool = createPool(databaseUrl, 1);
  const boss = new PgBoss({ ...bossOptions(pool), supervise: false, schedule: false });
  boss.on('error', () => {});
  try {
    await boss.start();
    if (!(await boss.getQueue(AUTOMAP_QUEUE))) await boss.createQueue(AUTOMAP_QUEUE, automapQueueOptions);
  } finally {
    await stopBoss(boss);
    await pool.end().catch(() => {});
  }
}
