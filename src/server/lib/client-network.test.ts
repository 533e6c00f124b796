import { describe, expect, it } from 'vitest';
import { clientNetworkKey } from './client-network.ts';

describe('clientNetworkKey', () => {
  it('keeps an IPv4 address on its own', () => {
    expect(clientNetworkKey('203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetworkKey('203.0.113.8')).not.toBe(clientNetworkKey('203.0.113.7'));
    expect(clientNetworkKey(' 127.0.0.1 ')).toBe('127.0.0.1');
  });

  it('groups an IPv6 address by its /64, written in full or compressed', () => {
    const key = '2001:db8:1:2::/64';
    expect(clientNetworkKey('2001:db8:1:2::1')).toBe(key);
    expect(clientNetworkKey('2001:0db8:0001:0002:0000:0000:0000:0001')).toBe(key);
    expect(clientNetworkKey('2001:DB8:1:2:FFFF:FFFF:FFFF:FFFF')).toBe(key);
    expect(clientNetworkKey('2001:db8:1:2:a:b:c:d')).toBe(key);
    expect(clientNetworkKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientNetworkKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetworkKey('2001:db8:0:0:1::')).toBe('2001:db8:0:0::/64');
    expect(clientNetworkKey('::1')).toBe('0:0:0:0::/64');
    expect(clientNetworkKey('::')).toBe('0:0:0:0::/64');
  });

  it('tells neighbouring /64s apart', () => {
    expect(clientNetworkKey('2001:db8:1:2::1')).not.toBe(clientNetworkKey('2001:db8:1:3::1'));
    expect(clientNetworkKey('2001:db8:1:2::1')).not.toBe(clientNetworkKey('2001:db9:1:2::1'));
  });

  it('reads an IPv4-mapped IPv6 address as the IPv4 address', () => {
    expect(clientNetworkKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetworkKey('::FFFF:203.0.113.7')).toBe('203.0.113.7');
    expect(clientNetworkKey('::ffff:cb00:7107')).toBe('203.0.113.7');
    expect(clientNetworkKey('0:0:0:0:0:ffff:203.0.113.7')).toBe('203.0.113.7');
    // Another address with a dotted tail is still IPv6, grouped by its /64.
    expect(clientNetworkKey('2001:db8:1:2::203.0.113.7')).toBe('2001:db8:1:2::/64');
  });

  it('drops zone ids and brackets', () => {
    expect(clientNetworkKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientNetworkKey('fe80::2%25en0')).toBe('fe80:0:0:0::/64');
    expect(clientNetworkKey('[2001:db8:1:2::1]')).toBe('2001:db8:1:2::/64');
  });

  it('returns anything else as it is, without throwing', () => {
    expect(clientNetworkKey('unknown')).toBe('unknown');
    expect(clientNetworkKey('')).toBe('');
    expect(clientNetworkKey('2001:db8::1::2')).toBe('2001:db8::1::2');
    expect(clientNetworkKey('1.2.3.999')).toBe('1.2.3.999');
  });
});
