import dns from "node:dns";
import net from "node:net";
import ipaddr from "ipaddr.js";

/**
 * Guards the server's own outbound requests to addresses its users choose (outgoing webhooks):
 * loopback, private, link-local, unique-local and every other reserved range are refused, so a
 * URL cannot reach the server's own network. Only "unicast" (public) addresses pass.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === "unicast";
}

export class AddressNotAllowedError extends Error {
  readonly code = "ERR_ADDRESS_NOT_ALLOWED";
  constructor(hostname: string) {
    super(`${hostname} resolves to a private or reserved address`);
  }
}

const LOOKUP_TIMEOUT_MS = 5_000;

/** The host of a URL as DNS and `net` take it (IPv6 without its brackets). */
export const bareHost = (hostname: string) => hostname.replace(/^\[(.*)\]$/, "$1");

/** Resolves `hostname` and answers why it may not be used ("private", "unresolvable"), or null when it may. */
export async function refusedHost(hostname: string, allowPrivate: boolean): Promise<"private" | "unresolvable" | null> {
  const host = bareHost(hostname);
  if (net.isIP(host)) return allowPrivate || isPublicAddress(host) ? null : "private";
  let addresses: dns.LookupAddress[];
  let timer: NodeJS.Timeout | undefined;
  try {
    // a resolver that does not answer must not hold the request
    const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("DNS timeout")), LOOKUP_TIMEOUT_MS)));
    addresses = await Promise.race([dns.promises.lookup(host, { all: true, verbatim: true }), late]);
  } catch {
    return "unresolvable";
  } finally {
    clearTimeout(timer);
  }
  if (addresses.length === 0) return "unresolvable";
  if (allowPrivate) return null;
  // one private answer is enough to refuse: which one a connection takes is not ours to choose
  return addresses.every((a) => isPublicAddress(a.address)) ? null : "private";
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request that checks the address a connection is about to use, so a name
 * that resolved to a public address when saved cannot later point inside (DNS rebinding).
 */
export function guardedLookup(allowPrivate: boolean) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, "", 4);
      const list = addresses as dns.LookupAddress[];
      if (!allowPrivate && !list.every((a) => isPublicAddress(a.address))) return callback(new AddressNotAllowedError(hostname), "", 4);
      if (options.all) return callback(null, list);
      const [first] = list;
      if (!first) return callback(Object.assign(new Error(`${hostname} not found`), { code: "ENOTFOUND" }), "", 4);
      callback(null, first.address, first.family);
    });
  };
}
