import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const load = (TRUST_PROXY?: string) => loadConfig({ NODE_ENV: 'test', TRUST_PROXY });

describe('TRUST_PROXY', () => {
  it('is off by default (X-Forwarded-For is ignored)', () => {
    expect(load().trustProxy).toBe(false);
    expect(load('').trustProxy).toBe(false);
    expect(load('false').trustProxy).toBe(false);
    expect(load('0').trustProxy).toBe(false);
  });

  it('takes a hop count', () => {
    expect(load('1').trustProxy).toBe(1);
    expect(load(' 2 ').trustProxy).toBe(2);
  });

  it('takes a list of addresses, CIDR ranges and proxy-addr names', () => {
    expect(load('10.0.0.0/8, 127.0.0.1,::1,fd00::/8,loopback').trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it.each(['true', 'yes', '10.0.0.0/33', '10.0.0.1/8/2', 'proxy.example.org', '1,2', '10.0.0.1,'])(
    'refuses %j with one clear line',
    (value) => {
      expect(() => load(value)).toThrow(ConfigError);
      expect(() => load(value)).toThrow(/TRUST_PROXY must be a number of proxy hops/);
    },
  );
});
