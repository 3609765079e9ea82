// IP allow-lists of keys (spec "Authentication"): an address, or a CIDR block, IPv4 or IPv6; an
// IPv4 client seen on an IPv6 socket (::ffff:10.0.0.1) is the IPv4 address it carries.
import { BlockList, isIP } from 'node:net';

export function normaliseAddress(address: string | undefined): string | undefined {
  return address?.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');
}

/** An IP address, or a CIDR block such as 10.0.0.0/8 or 2001:db8::/32. */
export function parseCidr(text: string): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | undefined {
  const [address = '', prefixText] = text.trim().split('/');
  const version = isIP(address);
  if (version === 0) return undefined;
  const max = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (
    !Number.isInteger(prefix) ||
    prefix < 0 ||
    prefix > max ||
    (prefixText !== undefined && !/^\d+$/.test(prefixText))
  )
    return undefined;
  return { address, prefix, family: version === 4 ? 'ipv4' : 'ipv6' };
}

export function addressAllowed(allowed: string[], remoteAddress: string | undefined): boolean {
  const address = normaliseAddress(remoteAddress);
  if (!address) return false;
  const family = isIP(address) === 4 ? 'ipv4' : 'ipv6';
  const list = new BlockList();
  for (const entry of allowed) {
    const cidr = parseCidr(entry);
    if (cidr) list.addSubnet(cidr.address, cidr.prefix, cidr.family);
  }
  return list.check(address, family);
}
