// Ed25519 signatures (Discord interactions): X-Signature-Ed25519 is the hex signature, by the sender's
// private key, of X-Signature-Timestamp followed by the raw body; we hold only the public key.
import { createPrivateKey, createPublicKey, type KeyObject, sign, verify } from "node:crypto";
import { deliveryId, headerText, type IdSource, unixSeconds, withinTolerance } from "./request-parts.js";
import type { Verifier, VerifyInput } from "./types.js";

const SIGNATURE = "x-signature-ed25519";
const TIMESTAMP = "x-signature-timestamp";

// DER prefixes that wrap a raw 32-byte Ed25519 key as SPKI (public) or PKCS#8 (private seed).
const SPKI_PREFIX = Buffer.from("302a300506032b6570032100", "hex");
const PKCS8_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

/** A public key from its 64 hex characters (as Discord shows it); throws on anything else. */
export function ed25519PublicKey(hex: string): KeyObject {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new Error("expected 64 hex characters");
  return ed25519RawPublicKey(Buffer.from(hex, "hex"));
}

/** A public key from its raw 32 bytes. */
export function ed25519RawPublicKey(bytes: Buffer): KeyObject {
  return createPublicKey({ key: Buffer.concat([SPKI_PREFIX, bytes]), format: "der", type: "spki" });
}

/** A private key from its 32-byte seed in hex (for signing test requests). */
export function ed25519PrivateKey(hex: string): KeyObject {
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) throw new Error("expected a 32-byte seed in 64 hex characters");
  return createPrivateKey({
    key: Buffer.concat([PKCS8_PREFIX, Buffer.from(hex, "hex")]),
    format: "der",
    type: "pkcs8",
  });
}

export function ed25519Verifier(
  keys: readonly KeyObject[],
  toleranceSeconds: number,
  ids: IdSource,
): Verifier {
  return {
    scheme: "ed25519",
    secretHeaders: [SIGNATURE],
    present: (headers) => headerText(headers, SIGNATURE) !== undefined,
    verify(input: VerifyInput) {
      const sigText = headerText(input.headers, SIGNATURE);
      const timestamp = headerText(input.headers, TIMESTAMP);
      if (sigText === undefined || timestamp === undefined) return { ok: false, failure: "missing" };
      if (!/^[0-9a-fA-F]{128}$/.test(sigText)) return { ok: false, failure: "invalid" };
      const signature = Buffer.from(sigText, "hex");
      const message = Buffer.concat([Buffer.from(timestamp, "utf8"), input.body]);
      let matched = false;
      for (const key of keys) if (verify(null, message, key, signature)) matched = true;
      if (!matched) return { ok: false, failure: "invalid" };
      const seconds = unixSeconds(timestamp);
      if (seconds === undefined || !withinTolerance(seconds, input.now, toleranceSeconds)) {
        return { ok: false, failure: "stale" };
      }
      const id = deliveryId(ids, input);
      return {
        ok: true,
        verified: { scheme: "ed25519", timestamp: seconds, ...(id !== undefined && { id }) },
      };
    },
  };
}

/** The headers the sender would send (`hookgate sign`, tests). */
export function ed25519Sign(key: KeyObject, body: Buffer, timestamp: string): Record<string, string> {
  const message = Buffer.concat([Buffer.from(timestamp, "utf8"), body]);
  return { [SIGNATURE]: sign(null, message, key).toString("hex"), [TIMESTAMP]: timestamp };
}
