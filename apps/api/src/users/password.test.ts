import { describe, expect, it } from 'vitest';
import { DUMMY_HASH, hashPassword, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('s3cret');
    expect(stored.startsWith('scrypt$')).toBe(true);
    expect(await verifyPassword('s3cret', stored)).toBe(true);
    expect(await verifyPassword('s3creT', stored)).toBe(false);
  });
  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });
  it('refuses malformed stored values', async () => {
    expect(await verifyPassword('x', 'plain-text')).toBe(false);
  });
});

describe('the dummy hash of unknown accounts', () => {
  it('uses the same scheme and parameters as a real hash, so verifying it costs the same', async () => {
    const params = (stored: string) => stored.split('$').slice(0, 4).join('$');
    expect(params(DUMMY_HASH)).toBe(params(await hashPassword('x')));
    expect(await verifyPassword('', DUMMY_HASH)).toBe(false);
  });
});
