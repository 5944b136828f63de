// The constant-time secret check behind the hook token and the shared-secret verify schemes: only the
// configured secret itself matches, whatever is presented (shorter, longer, one character off, other
// encodings of the same text), as a string or as bytes.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { secretMatcher } from "../../src/core/digest.js";

const RUNS = { seed: 33, numRuns: 300 };

describe("secretMatcher", () => {
  it("matches the secret itself, as text or bytes, and nothing else", () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 64, unit: "grapheme" }),
        fc.string(),
        (secret, other) => {
          const matches = secretMatcher(secret);
          expect(matches(secret)).toBe(true);
          expect(matches(Buffer.from(secret))).toBe(true);
          expect(matches(other)).toBe(other === secret);
          expect(matches(secret + other)).toBe(other === "");
          expect(matches(secret.slice(0, -1))).toBe(false);
        },
      ),
      RUNS,
    );
  });

  it("refuses a value of the same length that differs in one byte, and the empty value", () => {
    const secret = "bench-token-0123456789abcdef";
    const matches = secretMatcher(secret);
    for (let i = 0; i < secret.length; i++) {
      const changed = secret.slice(0, i) + (secret[i] === "x" ? "y" : "x") + secret.slice(i + 1);
      expect(matches(changed)).toBe(false);
    }
    expect(matches("")).toBe(false);
    // The same text in another encoding is other bytes.
    expect(secretMatcher("päss-wörd")(Buffer.from("päss-wörd", "latin1"))).toBe(false);
  });
});
