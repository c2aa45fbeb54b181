import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.ts';

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
