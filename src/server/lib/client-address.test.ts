import { describe, expect, it } from 'vitest';
import { addressKey } from './client-address';

describe('addressKey', () => {
  it('keeps IPv4 addresses, also written as IPv4-mapped IPv6', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('keys IPv6 by its /64, however the address is written', () => {
    const key = '2001:db8:85a3:42::/64';
    for (const ip of [
      '2001:db8:85a3:42::1',
      '2001:0db8:85a3:0042:ffff:ffff:ffff:ffff',
      '2001:db8:85a3:42:1234:5678:9abc:def0',
      '2001:DB8:85A3:42::abcd',
      '2001:db8:85a3:42:0:0:0:7%eth0',
    ]) {
      expect(addressKey(ip), ip).toBe(key);
    }
    expect(addressKey('2001:db8:85a3:43::1')).toBe('2001:db8:85a3:43::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1:2:3:4')).toBe('fe80:0:0:0::/64');
    expect(addressKey('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
  });

  it('leaves anything else as it is', () => {
    expect(addressKey('')).toBe('');
    expect(addressKey('nao-e-ip')).toBe('nao-e-ip');
  });
});
