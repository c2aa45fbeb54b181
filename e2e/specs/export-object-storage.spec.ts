/**
 * An export kept in object storage, in Chromium: a server of this spec's own, started with
 * `STORAGE_URL` on an S3-compatible server on loopback (s3rver, as the API tests use) and on a copy
 * of the run's template, runs an export the admin asks for from a list; the file lands in the
 * bucket, not in the server's export folder, and the bell's download streams it from there.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { startS3Server } from '../../apps/api/test/s3-server.ts';
import { ACCOUNTS, signIn } from '../support/auth.ts';
import {
  adminDatabaseUrl,
  adminQuery,
  templateDatabase,
  withDatabase,
  workerDatabase,
} from '../support/databases.ts';
import { workerDir } from '../support/paths.ts';
import { startWorkerServer } from '../support/server.ts';
import { test } from '../support/test.ts';

/** A slot of its own for this spec's server (its folder and log), apart from the workers'. */
const SLOT_OFFSET = 50;

test('an export is written to the bucket and downloaded from it', async ({ browser }, testInfo) => {
  const run = process.env.E2E_RUN ?? '';
  const slot = SLOT_OFFSET + testInfo.parallelIndex;
  const admin = adminDatabaseUrl();
  const database = `${workerDatabase(run, slot)}`;
  await adminQuery(admin, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await adminQuery(admin, `CREATE DATABASE ${database} TEMPLATE ${templateDatabase(run)} STRATEGY FILE_COPY`);
  const s3 = await startS3Server('bm-e2e');
  const server = await startWorkerServer({
    run,
    workerIndex: testInfo.workerIndex,
    parallelIndex: slot,
    databaseUrl: withDatabase(admin, database),
    env: s3.env('console/'),
  });
  const context = await browser.newContext({ baseURL: server.baseURL });
  try {
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
    await page.goto('/page/list?ignorestate=true');
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Export to Excel' });
    const fileName = `bucket export ${Date.now()}`;
    await dialog.getByRole('textbox', { name: 'File Name' }).fill(fileName);
    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    await expect(page.getByText(`Export ready: ${fileName}.xlsx`)).toBeVisible({ timeout: 60_000 });

    // In the bucket under the prefix, and nothing in the server's own export folder.
    const stored = await s3.objects('console/exports/');
    expect(stored).toHaveLength(1);
    const folder = await readdir(path.join(workerDir(run, slot), 'exports')).catch(() => []);
    expect(folder).toEqual([]);

    await page.getByRole('button', { name: /^Notifications/ }).click();
    const download = page.waitForEvent('download');
    await page
      .getByRole('list', { name: 'Notification list' })
      .getByRole('button', { name: `Download ${fileName}.xlsx` })
      .click();
    const saved = await download;
    expect(saved.suggestedFilename()).toBe(`${fileName}.xlsx`);
    const bytes = Buffer.concat(await (await saved.createReadStream()).toArray());
    expect(bytes.length).toBe(stored[0]?.size);
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
  } finally {
    await context.close();
    await server.stop();
    await s3.close();
    await adminQuery(admin, `DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  }
});
