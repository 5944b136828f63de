// Who may reach a local-only endpoint (/metrics, /console): `loopback`, `any`, addresses and CIDR
// ranges. Parsed at config load (a bad entry is a config error) and matched per request.
import { BlockList, isIP } from "node:net";

export type AddressList = { any: true } | { any: false; loopback: boolean; ranges: BlockList };

/** The parsed list, or the first entry that is none of the accepted forms. */
export function parseAddressList(entries: readonly string[]): AddressList | { bad: string } {
  const ranges = new BlockList();
  let loopback = false;
  for (const raw of entries) {
    const entry = raw.trim();
    if (entry === "any") return { any: true };
    if (entry === "loopback") {
      loopback = true;
      continue;
    }
    const [address = "", bits, ...rest] = entry.split("/");
    const family = isIP(address);
    const max = family === 4 ? 32 : 128;
    const prefix = bits === undefined ? max : Number(bits);
    if (family === 0 || rest.length > 0 || !/^\d+$/.test(bits ?? "0") || prefix > max) return { bad: raw };
    ranges.addSubnet(address, prefix, family === 4 ? "ipv4" : "ipv6");
  }
  return { any: false, loopback, ranges };
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet("127.0.0.0", 8, "ipv4");
LOOPBACK.addAddress("::1", "ipv6");

/** Whether `address` (IPv4-mapped IPv6 folded to IPv4) is a loopback address. */
export function isLoopbackAddress(address: string): boolean {
  const family = isIP(address);
  return family !== 0 && LOOPBACK.check(address, family === 4 ? "ipv4" : "ipv6");
}

/**
 * Whether a client may reach the endpoint. `address` is the client address (IPv4-mapped IPv6 folded to
 * IPv4); `forwarded` says the request came through a proxy no server.trustProxy entry vouches for, so
 * that its own address (often loopback, for a proxy on the same host) says nothing about the client.
 */
export function addressAllowed(list: AddressList, address: string, forwarded: boolean): boolean {
  if (list.any) return true;
  const family = isIP(address);
  if (family === 0) return false;
  const type = family === 4 ? "ipv4" : "ipv6";
  if (list.loopback && !forwarded && LOOPBACK.check(address, type)) return true;
  return !forwarded && list.ranges.check(address, type);
}
