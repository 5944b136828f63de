import { timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import { TOKEN_HEADERS } from "../core/secret-headers.js";
import { sha256 } from "./digest.js";

/** The token a request presents: `Authorization: Bearer`, `x-hookgate-token`, or OpenClaw's header. */
export function presentedToken(headers: IncomingHttpHeaders): string | undefined {
  const auth = headers.authorization;
  if (typeof auth === "string") {
    const m = /^Bearer\s+(.+)$/i.exec(auth.trim());
    if (m) return m[1]!.trim();
  }
  for (const name of TOKEN_HEADERS) {
    if (name === "authorization") continue;
    const v = headers[name];
    if (typeof v === "string" && v.length > 0) return v.trim();
  }
  return undefined;
}

/**
 * Constant-time token check. Both sides are hashed first, so the comparison takes the same time
 * whatever the presented token's length is.
 */
export function tokenMatcher(expected: string): (presented: string | undefined) => boolean {
  const want = sha256(expected);
  return (presented) => timingSafeEqual(want, sha256(presented ?? "")) && presented !== undefined;
}
