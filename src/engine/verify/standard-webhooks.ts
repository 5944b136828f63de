// Standard Webhooks (and Svix, with svix-* names): `webhook-signature` lists space-separated
// signatures over `<id>.<timestamp>.<body>`: `v1,<base64>` an HMAC-SHA256 with a `whsec_` secret,
// `v1a,<base64>` an Ed25519 signature checked with a `whpk_` public key. Any valid signature passes,
// whatever else the list holds (a sender rotating keys signs with the old and the new one).
import { type KeyObject, verify } from "node:crypto";
import { ed25519RawPublicKey } from "./ed25519.js";
import { type HmacSpec, hmacMatch, type SignatureMatch, signatureVerifier } from "./hmac.js";
import { FAILURE_RANK, type Verifier, type VerifyOutcome } from "./types.js";

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The key bytes of a `whpk_` public key (the prefix may be left out); throws on anything else. */
export function standardWebhooksPublicKey(text: string): KeyObject {
  const b64 = text.startsWith("whpk_") ? text.slice("whpk_".length) : text;
  const bytes = BASE64.test(b64) ? Buffer.from(b64, "base64") : Buffer.alloc(0);
  if (bytes.length !== 32) throw new Error("expected whpk_ followed by the base64 of a 32-byte key");
  return ed25519RawPublicKey(bytes);
}

function ed25519Match(keys: readonly KeyObject[]): SignatureMatch {
  return {
    size: 64,
    matches(presented, content) {
      const message = Buffer.concat(
        content.map((piece) => (typeof piece === "string" ? Buffer.from(piece) : piece)),
      );
      let matched = false;
      for (const key of keys) for (const p of presented) if (verify(null, message, key, p)) matched = true;
      return matched;
    },
  };
}

/**
 * The verifier of a spec of the Standard Webhooks family (its `v1` format) with HMAC keys, public
 * keys or both: each kind checks the signatures of its version.
 */
export function standardWebhooksVerifier(
  spec: HmacSpec,
  hmacKeys: readonly Buffer[],
  publicKeys: readonly KeyObject[],
): Verifier {
  const parts: Verifier[] = [];
  if (hmacKeys.length > 0) parts.push(signatureVerifier(spec, hmacMatch("sha256", hmacKeys)));
  if (publicKeys.length > 0) {
    parts.push(
      signatureVerifier({ ...spec, format: { kind: "versioned", version: "v1a" } }, ed25519Match(publicKeys)),
    );
  }
  if (parts.length === 1) return parts[0]!;
  return {
    scheme: spec.scheme,
    secretHeaders: spec.headers,
    present: (headers) => parts[0]!.present(headers),
    verify(input) {
      let worst: VerifyOutcome | undefined;
      for (const part of parts) {
        const outcome = part.verify(input);
        if (outcome.ok) return outcome;
        if (worst === undefined || (!worst.ok && FAILURE_RANK[outcome.failure] > FAILURE_RANK[worst.failure]))
          worst = outcome;
      }
      return worst!;
    },
  };
}
