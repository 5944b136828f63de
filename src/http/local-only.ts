// The check in front of /metrics and /console: only the addresses their allowFrom lists get in
// (loopback by default). A request that came through a proxy server.trustProxy does not vouch for
// (X-Forwarded-For, Forwarded or X-Real-IP present) is not taken for a loopback client: a reverse
// proxy on the same host would otherwise make everyone look local.
import { BlockList } from "node:net";
import type { FastifyRequest } from "fastify";
import { type AddressList, addressAllowed, parseAddressList } from "../core/address-list.js";
import { foldAddress } from "./client-address.js";
import { HttpError } from "./errors.js";

const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"];

/** A guard that throws 403 FORBIDDEN naming `key` for clients the list does not allow. */
export function allowOnly(
  entries: string[],
  trustProxy: string[],
  key: string,
): (req: FastifyRequest) => void {
  const parsed = parseAddressList(entries);
  // The config loader refused bad entries; a list built in code without it lets nobody in.
  const list: AddressList = "bad" in parsed ? NOBODY : parsed;
  const proxiesTrusted = trustProxy.length > 0;
  return (req) => {
    const forwarded = !proxiesTrusted && FORWARDING_HEADERS.some((h) => req.headers[h] !== undefined);
    if (!addressAllowed(list, foldAddress(req.ip), forwarded)) {
      throw new HttpError("FORBIDDEN", `forbidden: this address may not reach it (${key})`);
    }
  };
}

const NOBODY: AddressList = { any: false, loopback: false, ranges: new BlockList() };
