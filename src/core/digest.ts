// Digests and the constant-time comparison of secrets, shared by the hook token check and the
// verification of senders' signatures.
import { createHash, hash, timingSafeEqual } from "node:crypto";

/** SHA-256 in one call (Node >= 20.12 skips a Hash object per request; older 20.x fall back). */
export const sha256: (data: string | Buffer) => Buffer =
  typeof hash === "function"
    ? (data) => hash("sha256", data, "buffer")
    : (data) => createHash("sha256").update(data).digest();

/**
 * Constant-time check of a presented secret against a configured one. The time depends on the
 * presented value's length (which its sender knows) and the configured one's, never on where they
 * differ nor on whether the lengths match: a presented value of another length is refused after the
 * configured one is compared with itself. Hashing both sides instead cost a SHA-256 per request
 * (test/bench/README.md, "The mapped wake's own path, cut").
 */
export function secretMatcher(expected: string | Buffer): (presented: string | Buffer) => boolean {
  const want = Buffer.from(expected);
  return (presented) => {
    const got = typeof presented === "string" ? Buffer.from(presented) : presented;
    if (got.length !== want.length) {
      timingSafeEqual(want, want);
      return false;
    }
    return timingSafeEqual(want, got);
  };
}
