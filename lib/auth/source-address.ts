// The optional source allow-list (AUTH_ALLOWED_CIDRS): IPv4 and IPv6 CIDRs, on node's own BlockList.
// node:net loads on first use: importing it costs every cold start a few ms, and most stacks have no allow-list.
const net = () => process.getBuiltinModule('node:net');

export interface SourceAllowList {
  allows(address: string): boolean;
}

const ipv4Mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** Builds the list, or throws an Error naming the entry that is not a CIDR. */
export function sourceAllowList(cidrs: readonly string[]): SourceAllowList | undefined {
  if (cidrs.length === 0) return undefined;
  const { BlockList, isIP } = net();
  const list = new BlockList();
  for (const cidr of cidrs) {
    const [address = '', prefixText, extra] = cidr.split('/');
    const family = isIP(address);
    const prefix = prefixText === undefined ? (family === 6 ? 128 : 32) : Number(prefixText);
    const maxPrefix = family === 6 ? 128 : 32;
    if (family === 0 || extra !== undefined || !Number.isInteger(prefix) || prefix < 0 || prefix > maxPrefix || prefixText === '') {
      throw new Error(`AUTH_ALLOWED_CIDRS entry ${JSON.stringify(cidr)} is not an IPv4 or IPv6 CIDR such as 203.0.113.0/24 or 2001:db8::/32`);
    }
    list.addSubnet(address, prefix, family === 6 ? 'ipv6' : 'ipv4');
  }
  return {
    allows(source) {
      const address = source.replace(ipv4Mapped, '$1');
      const family = isIP(address);
      if (family === 0) return false;
      return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
    },
  };
}
