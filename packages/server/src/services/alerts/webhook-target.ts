import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import { WEBHOOK_ERRORS } from '@moneybox/contract';
import ipaddr from 'ipaddr.js';
import type { WebhookPolicy } from '../../settings.js';

/**
 * Webhook targets (settings.ts `WebhookPolicy`): a console admin must not make the server reach its own
 * loopback, the private network, link-local addresses (the cloud's metadata service) or this host's own
 * interfaces, unless the operator allowed that range.
 *
 * The refusal shown for any target outside the policy: the same words whatever the address was.
 */
export const TARGET_REFUSED = WEBHOOK_ERRORS.refused;

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/** IPv4-mapped IPv6 (`::ffff:127.0.0.1`) read as the IPv4 address it is. */
const normal = (ip: string): Address => ipaddr.process(ip);

function ownAddresses(): Address[] {
  return Object.values(networkInterfaces())
    .flat()
    .flatMap((i) => (i && ipaddr.isValid(i.address.split('%')[0]!) ? [normal(i.address.split('%')[0]!)] : []));
}

/** An allowed range given as IPv4-mapped IPv6 matches the IPv4 addresses it maps, as `normal` reads them. */
function inRange(a: Address, cidr: string): boolean {
  const [net, bits] = ipaddr.parseCIDR(cidr);
  if (net instanceof ipaddr.IPv6 && net.isIPv4MappedAddress() && bits >= 96) return a instanceof ipaddr.IPv4 && a.match(net.toIPv4Address(), bits - 96);
  if (net instanceof ipaddr.IPv4) return a instanceof ipaddr.IPv4 && a.match(net, bits);
  return a instanceof ipaddr.IPv6 && a.match(net, bits);
}

/** THE address rule: the operator's ranges first; else only public unicast, never one of this host's own addresses. */
export function addressAllowed(ip: string, policy: WebhookPolicy): boolean {
  if (!ipaddr.isValid(ip)) return false;
  const a = normal(ip);
  if (policy.allowNetworks.some((cidr) => inRange(a, cidr))) return true;
  if (a.range() !== 'unicast') return false;
  return !ownAddresses().some((own) => own.kind() === a.kind() && own.toNormalizedString() === a.toNormalizedString());
}

/** The URL's scheme and literal host checked; the host's name (null when the host is an address) left to resolve. */
function parseTarget(url: string, policy: WebhookPolicy): { url: URL; name: string | null } | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  if (u.protocol !== 'https:' && !(policy.allowHttp && u.protocol === 'http:')) return null;
  if (u.username || u.password) return null;
  // The URL parser has already turned 2130706433, 0x7f000001 and 127.1 into 127.0.0.1.
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return addressAllowed(host, policy) ? { url: u, name: null } : null;
  return { url: u, name: host };
}

/**
 * A `lookup` for the delivery's socket: resolves the name and hands the socket only addresses the
 * policy allows, so the address checked is the address connected to (a name that resolves to a public
 * address at the check and to an internal one at the delivery is refused then).
 */
export function guardedLookup(policy: WebhookPolicy) {
  return (hostname: string, options: LookupOptions, callback: (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      if (addresses.length === 0 || addresses.some((a) => !addressAllowed(a.address, policy))) return callback(Object.assign(new Error(TARGET_REFUSED), { code: 'ETARGET' }), '');
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** The URL a delivery may go to, or null: its scheme and literal address here, its name through `guardedLookup` when it connects. */
export const deliveryTarget = (url: string, policy: WebhookPolicy): URL | null => parseTarget(url, policy)?.url ?? null;

/** When a webhook is added: the scheme, and every address its name resolves to now, within the policy. */
export async function targetAllowed(url: string, policy: WebhookPolicy): Promise<boolean> {
  const t = parseTarget(url, policy);
  if (!t) return false;
  if (t.name === null) return true;
  return new Promise((resolve) => guardedLookup(policy)(t.name!, { all: true }, (err) => resolve(err === null)));
}
