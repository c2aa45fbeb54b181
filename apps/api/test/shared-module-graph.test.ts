/**
 * The API's test files are to share one module graph per worker (vitest.config.ts, `isolate: false`),
 * where a module replaced with `vi.mock` in one file would stay replaced for the files after it, or
 * be imported unreplaced because an earlier file loaded it. So no API test file replaces a module; a
 * test that counts calls spies on an object instead (authenticate.test.ts on node:crypto). This
 * names any.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const REPLACES_A_MODULE = /\bvi\s*\.\s*(mock|doMock|unmock|resetModules)\s*\(/;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist') return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return /\.test\.m?ts$/.test(entry.name) ? [full] : [];
  });
}

describe('the shared module graph of the API tests', () => {
  it('has no test file that replaces a module', () => {
    const offenders = testFiles(root)
      .filter((file) => file !== import.meta.filename)
      .filter((file) => REPLACES_A_MODULE.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file));
    expect(offenders).toEqual([]);
  });

  it('would see one', () => {
    expect(REPLACES_A_MODULE.test("vi.mock('../src/users/password.ts', async () => ({}));")).toBe(true);
    expect(REPLACES_A_MODULE.test('vi.spyOn(crypto, "scrypt")')).toBe(false);
  });
});
