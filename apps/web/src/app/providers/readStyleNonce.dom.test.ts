import { afterEach, describe, expect, it } from 'vitest';
import { CSP_NONCE_PLACEHOLDER, readStyleNonce } from './readStyleNonce.ts';

afterEach(() => {
  document.head.innerHTML = '';
});

const addMeta = (nonce: string): void => {
  const meta = document.createElement('meta');
  meta.setAttribute('property', 'csp-nonce');
  meta.setAttribute('nonce', nonce);
  document.head.append(meta);
};

describe('readStyleNonce', () => {
  it('reads the nonce the server put in the page', () => {
    addMeta('r4nd0m');
    expect(readStyleNonce(document)).toBe('r4nd0m');
  });

  it('ignores a missing meta tag or an unreplaced placeholder', () => {
    expect(readStyleNonce(document)).toBeUndefined();
    addMeta(CSP_NONCE_PLACEHOLDER);
    expect(readStyleNonce(document)).toBeUndefined();
  });
});
