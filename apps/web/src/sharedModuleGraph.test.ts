/**
 * The web's test files share one module graph per worker (vitest.config.ts and
 * vitest.logic.config.ts, `isolate: false`): a module replaced with `vi.mock` in one file would stay
 * replaced for the files after it, or be imported unreplaced because an earlier file loaded it. So
 * no test file replaces a module; a test watches what the browser receives instead
 * (useRowActionRunner.test.tsx: the object URL and the clicked link of a download). This names any.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = import.meta.dirname;
const REPLACES_A_MODULE = /\bvi\s*\.\s*(mock|doMock|unmock|resetModules)\s*\(/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return /\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('the shared module graph of the web tests', () => {
  it('has no test file that replaces a module', () => {
    const offenders = testFiles(root)
      .filter((file) => file !== import.meta.filename)
      .filter((file) => REPLACES_A_MODULE.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file));
    expect(offenders).toEqual([]);
  });

  it('would see one', () => {
    expect(REPLACES_A_MODULE.test("vi.mock('../notifications/download.ts', async () => ({}));")).toBe(true);
    expect(REPLACES_A_MODULE.test("vi.spyOn(HTMLAnchorElement.prototype, 'click')")).toBe(false);
  });
});
