import { describe, expect, it } from 'vitest';
import { signInAddressProblem, signInStartFailure } from './signInAddress.ts';

describe('signInAddressProblem', () => {
  it('names the address to use when the page is on another loopback name', () => {
    expect(signInAddressProblem('http://127.0.0.1:3000', 'http://localhost:3000/oidc')).toBe(
      'Sign-in is set up for http://localhost:3000, not http://127.0.0.1:3000. Open the console at http://localhost:3000 to sign in.',
    );
  });

  it('says nothing on the right address or with an external provider', () => {
    expect(signInAddressProblem('http://localhost:3000', 'http://localhost:3000/oidc')).toBeUndefined();
    expect(signInAddressProblem('https://bm.example.com', 'https://login.example.com/realm')).toBeUndefined();
    expect(signInAddressProblem('http://127.0.0.1:3000', 'http://localhost:4000/oidc')).toBeUndefined();
  });
});

describe('signInStartFailure', () => {
  it('names the service that did not answer', () => {
    expect(signInStartFailure('https://bm.example.com', 'https://login.example.com/realm')).toMatch(
      /^Sign-in could not start: the sign-in service at https:\/\/login\.example\.com did not answer/,
    );
  });
});
