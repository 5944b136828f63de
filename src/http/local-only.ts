// The check in front of /metrics and /console: only the addresses their allowFrom lists get in
// (loopback by default). A request that came through a proxy server.trustProxy does not vouch for
// (X-Forwarded-For, Forwarded or X-Real-IP present) is not taken for a loopback client: a reverse
// proxy on the same host would otherwise make everyone look local; nor is one carrying a tunnel's
// client header (Cloudflare's CF-Connecting-IP, True-Client-IP). A loopback client must name a
// loopback host (localhost, 127.0.0.1, [::1]) or a configured one in its Host header: a web page whose
// name was rebound to 127.0.0.1 (DNS rebinding) reaches the port from the user's browser, but names
// its own host.
import { BlockList, isIP } from "node:net";
import type { FastifyRequest } from "fastify";
import {
  type AddressList,
  addressAllowed,
  isLoopbackAddress,
  parseAddressList,
} from "../core/address-list.js";
import { foldAddress } from "./client-address.js";
import { HttpError } from "./errors.js";

const FORWARDING_HEADERS = [
  "x-forwarded-for",
  "forwarded",
  "x-real-ip",
  "cf-connecting-ip",
  "true-client-ip",
  "x-client-ip",
  "fastly-client-ip",
];

/**
 * A guard that throws 403 FORBIDDEN naming `key` for clients the list does not allow. `hosts`: host
 * names besides the loopback ones a loopback client may name (server.host, server.publicUrl's).
 */
export function allowOnly(
  entries: string[],
  trustProxy: string[],
  key: string,
  hosts: readonly string[] = [],
): (req: FastifyRequest) => void {
  const parsed = parseAddressList(entries);
  // The config loader refused bad entries; a list built in code without it lets nobody in.
  const list: AddressList = "bad" in parsed ? NOBODY : parsed;
  const proxiesTrusted = trustProxy.length > 0;
  const named = new Set(hosts.map((h) => hostName(h)));
  return (req) => {
    const forwarded = !proxiesTrusted && FORWARDING_HEADERS.some((h) => req.headers[h] !== undefined);
    const address = foldAddress(req.ip);
    if (!addressAllowed(list, address, forwarded)) {
      throw new HttpError("FORBIDDEN", `forbidden: this address may not reach it (${key})`);
    }
    const host = req.headers.host;
    if (!list.any && host !== undefined && isLoopbackAddress(address)) {
      const name = hostName(host);
      if (!isLoopbackName(name) && !named.has(name)) {
        throw new HttpError(
          "FORBIDDEN",
          "forbidden: a local client must name a local host (localhost, 127.0.0.1, [::1], server.host or server.publicUrl's) in its Host header",
        );
      }
    }
  };
}

/** The host of a Host header (or a configured name): lower case, without port, brackets or final dot. */
function hostName(host: string): string {
  let h = host.trim().toLowerCase();
  if (h.startsWith("[")) h = h.slice(1, h.indexOf("]") < 0 ? undefined : h.indexOf("]"));
  else if (isIP(h) !== 6) h = h.replace(/:\d*$/, "");
  return h.replace(/\.$/, "");
}

/** localhost and its subdomains (which resolve to loopback without asking DNS), and loopback addresses. */
function isLoopbackName(name: string): boolean {
  return name === "localhost" || name.endsWith(".localhost") || isLoopbackAddress(name);
}

const NOBODY: AddressList = { any: false, loopback: false, ranges: new BlockList() };

/** The host names of the config a local client may use: server.host and server.publicUrl's. */
export function configuredHosts(server: { host: string; publicUrl?: string }): string[] {
  const hosts = [server.host];
  if (server.publicUrl) hosts.push(new URL(server.publicUrl).hostname);
  return hosts;
}
