/**
 * The test files of the API and of the web app share one module graph per worker (their
 * vitest.config.ts, `isolate: false`), where a module replaced with `vi.mock` in one file would stay
 * replaced for the files after it, or be imported unreplaced because an earlier file loaded it. So
 * no test file of either replaces a module: a test that counts calls spies on an object instead
 * (authenticate.test.ts on node:crypto; the web's useRowActionRunner.test.tsx watches the browser's
 * download). This names any.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const api = path.resolve(import.meta.dirname, '..');
const repository = path.resolve(api, '../..');
const roots = [api, path.join(repository, 'apps/web/src')];
const REPLACES_A_MODULE = /\bvi\s*\.\s*(mock|doMock|unmock|resetModules)\s*\(/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist') return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return /\.test\.m?tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('the shared module graph of the API and web tests', () => {
  it('has no test file that replaces a module', () => {
    const files = roots.flatMap(testFiles);
    expect(files.some((file) => file.endsWith('useRowActionRunner.test.tsx'))).toBe(true);
    const offenders = files
      .filter((file) => file !== import.meta.filename)
      .filter((file) => REPLACES_A_MODULE.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(repository, file));
    expect(offenders).toEqual([]);
  });

  it('would see one', () => {
    expect(REPLACES_A_MODULE.test("vi.mock('../src/users/password.ts', async () => ({}));")).toBe(true);
    expect(REPLACES_A_MODULE.test('vi.spyOn(crypto, "scrypt")')).toBe(false);
  });
});
