// Ids of request-log entries, runs and generated session keys: UUIDs whose first 48 bits are the time
// in milliseconds (RFC 9562 version 7), so each new row lands at the end of its id index. With random
// UUIDs every logged request dirtied another page of that index in each commit, which the event loop
// paid for on every request (test/bench/README.md, "The explain trace and the request log").
import { randomUUID } from "node:crypto";

/** The last millisecond an id was made for, and the first 15 characters of its ids. */
let lastMs = -1;
let lastPrefix = "";

/**
 * A version 7 UUID for `ms`: the time, then 74 random bits. The random part comes from Node's
 * randomUUID (its cached entropy, far cheaper than a fresh random read per id); only its version
 * digit is replaced, its variant bits are already RFC 9562's.
 */
export function timeOrderedId(ms: number = Date.now()): string {
  const random = randomUUID();
  const at = Math.max(0, Math.trunc(ms));
  // Ids made in the same millisecond share their first 15 characters: made once per millisecond.
  if (at !== lastMs) {
    const time = at.toString(16).padStart(12, "0").slice(-12);
    lastMs = at;
    lastPrefix = `${time.slice(0, 8)}-${time.slice(8)}-7`;
  }
  return lastPrefix + random.slice(15);
}
