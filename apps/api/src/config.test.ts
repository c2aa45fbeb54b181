import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('TRUST_PROXY', () => {
  it('trusts nobody by default, in production too', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
  });

  it('takes a hop count, or a list of addresses, CIDR ranges and proxy-addr names', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.10,::1, fd00::/8,loopback' }).trustProxy).toEqual(
      ['10.0.0.0/8', '192.168.1.10', '::1', 'fd00::/8', 'loopback'],
    );
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/255.0.0.0' }).trustProxy).toEqual(['10.0.0.0/255.0.0.0']);
  });

  it('refuses "trust everyone" and malformed entries, naming the variable', () => {
    for (const bad of ['true', '*', '10.0.0.0/33', 'proxy.example', '::1/129', '10.0.0.1/8/1']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/^Invalid environment variable TRUST_PROXY: /);
    }
  });
});

describe('LOGIN_DELAY_BASE and LOGIN_DELAY_MAX', () => {
  it('default to 1 s doubling up to 60 s, and the cap is never below the base', () => {
    expect(loadConfig({}).loginDelay).toEqual({ baseDelayS: 1, maxDelayS: 60 });
    expect(loadConfig({ LOGIN_DELAY_BASE: '90' }).loginDelay).toEqual({ baseDelayS: 90, maxDelayS: 90 });
    expect(() => loadConfig({ LOGIN_DELAY_BASE: '0' })).toThrow(/LOGIN_DELAY_BASE/);
  });
});
