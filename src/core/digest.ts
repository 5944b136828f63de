// Digests and the constant-time comparison of secrets, shared by the hook token check and the
// verification of senders' signatures.
import { createHash, hash, timingSafeEqual } from "node:crypto";

/** SHA-256 in one call (Node >= 20.12 skips a Hash object per request; older 20.x fall back). */
export const sha256: (data: string | Buffer) => Buffer =
  typeof hash === "function"
    ? (data) => hash("sha256", data, "buffer")
    : (data) => createHash("sha256").update(data).digest();

/**
 * Constant-time check of a presented secret against a configured one. Both sides are hashed first,
 * so the comparison takes the same time whatever the presented value's length is.
 */
export function secretMatcher(expected: string | Buffer): (presented: string | Buffer) => boolean {
  const want = sha256(expected);
  return (presented) => timingSafeEqual(want, sha256(presented));
}
