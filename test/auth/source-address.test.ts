// AUTH_ALLOWED_CIDRS: IPv4, IPv6 and IPv4-mapped IPv6 sources; invalid entries are named.
import { describe, expect, it } from 'vitest';
import { sourceAllowList } from '../../lib/auth/source-address';

describe('sourceAllowList', () => {
  it('is absent when no CIDR is configured', () => {
    expect(sourceAllowList([])).toBeUndefined();
  });

  it('allows addresses inside IPv4 and IPv6 ranges only', () => {
    const list = sourceAllowList(['203.0.113.0/24', '2001:db8::/32', '198.51.100.7'])!;
    expect(list.allows('203.0.113.200')).toBe(true);
    expect(list.allows('::ffff:203.0.113.5')).toBe(true);
    expect(list.allows('198.51.100.7')).toBe(true);
    expect(list.allows('198.51.100.8')).toBe(false);
    expect(list.allows('2001:db8:1::5')).toBe(true);
    expect(list.allows('2001:db9::1')).toBe(false);
    expect(list.allows('10.0.0.1')).toBe(false);
    expect(list.allows('')).toBe(false);
    expect(list.allows('not-an-ip')).toBe(false);
  });

  it('matches IPv6 sources as a dualstack custom domain passes them (any spelling) and IPv4-mapped ones either way', () => {
    const list = sourceAllowList(['2001:db8:abcd::/48', '203.0.113.0/24'])!;
    expect(list.allows('2001:db8:abcd:12::1')).toBe(true);
    expect(list.allows('2001:DB8:ABCD:0012:0000:0000:0000:0001')).toBe(true);
    expect(list.allows('2001:db8:abce::1')).toBe(false);
    expect(list.allows('::ffff:cb00:7109')).toBe(true); // 203.0.113.9, hex-form IPv4-mapped
    expect(list.allows('::FFFF:203.0.113.9')).toBe(true);
    expect(list.allows('::ffff:198.51.100.1')).toBe(false);
    expect(list.allows('fe80::1%eth0')).toBe(false);
    const ipv6 = sourceAllowList(['2600:1f18::/32'])!;
    expect(ipv6.allows('2600:1f18::1')).toBe(true);
    expect(ipv6.allows('203.0.113.9')).toBe(false);
    // node's BlockList treats IPv4 as IPv4-mapped IPv6: ::/0 contains ::ffff:0:0/96, hence every IPv4 source too.
    expect(sourceAllowList(['::/0'])!.allows('203.0.113.9')).toBe(true);
  });

  it.each(['10.0.0.0/33', '10.0.0/8', 'example.com/24', '2001:db8::/129', '10.0.0.0/', '1.2.3.4/8/9'])('names the invalid entry %s', (cidr) => {
    expect(() => sourceAllowList([cidr])).toThrow(JSON.stringify(cidr));
  });
});
