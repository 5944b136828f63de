import { isIPv6 } from "node:net";

/** `::ffff:1.2.3.4` and `1.2.3.4` are one client: fold IPv4-mapped IPv6 to IPv4. */
export function foldAddress(address: string | undefined): string {
  if (!address) return "unknown";
  const m = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return m ? m[1]! : address;
}

/**
 * The key failed authentications are counted under. One IPv6 host usually holds a whole /64, so an
 * IPv6 client is counted by its /64 prefix (otherwise it could rotate through addresses for free);
 * an IPv4 client by its address.
 */
export function throttleKey(address: string): string {
  // No colon, no IPv6 address: most clients skip isIPv6's long pattern.
  if (!address.includes(":") || !isIPv6(address)) return address;
  const bare = address.split("%")[0]!;
  const [head = "", tail] = bare.split("::");
  const groups = (s: string | undefined) => (s ? s.split(":") : []);
  const left = groups(head);
  const right = groups(tail);
  // An embedded IPv4 tail (a.b.c.d) fills two groups.
  const width = (g: string[]) => g.reduce((n, x) => n + (x.includes(".") ? 2 : 1), 0);
  const zeros = tail === undefined ? [] : Array(8 - width(left) - width(right)).fill("0");
  const first4 = [...left, ...zeros, ...right].slice(0, 4).map((g) => Number.parseInt(g, 16).toString(16));
  return `${first4.join(":")}::/64`;
}
