import { createHash, hash, timingSafeEqual } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";

/** The token a request presents: `Authorization: Bearer`, `x-hookgate-token`, or OpenClaw's header. */
export function presentedToken(headers: IncomingHttpHeaders): string | undefined {
  const auth = headers.authorization;
  if (typeof auth === "string") {
    const m = /^Bearer\s+(.+)$/i.exec(auth.trim());
    if (m) return m[1]!.trim();
  }
  for (const name of ["x-hookgate-token", "x-openclaw-token"]) {
    const v = headers[name];
    if (typeof v === "string" && v.length > 0) return v.trim();
  }
  return undefined;
}

// One-shot hashing (Node >= 20.12) skips a Hash object per request; older 20.x fall back.
const sha256: (s: string) => Buffer =
  typeof hash === "function"
    ? (s) => hash("sha256", s, "buffer")
    : (s) => createHash("sha256").update(s).digest();

/**
 * Constant-time token check. Both sides are hashed first, so the comparison takes the same time
 * whatever the presented token's length is.
 */
export function tokenMatcher(expected: string): (presented: string | undefined) => boolean {
  const want = sha256(expected);
  return (presented) => timingSafeEqual(want, sha256(presented ?? "")) && presented !== undefined;
}
