// GitLab: the Secret token sent as is in X-Gitlab-Token, and since GitLab 19 a Signing token
// (`whsec_...`) that signs each delivery the Standard Webhooks way. GitLab 19 sends `webhook-id` (its
// Idempotency-Key) and `webhook-timestamp` on every delivery, signed or not, so only the presence
// of `webhook-signature` chooses the signature over the token.
import type { HmacSpec } from "./hmac.js";
import type { IdSource } from "./request-parts.js";
import type { Verifier } from "./types.js";

const SIGNATURE = "webhook-signature";

/** A configured GitLab secret that is a Signing token rather than a Secret token. */
export function isGitlabSigningToken(secret: string): boolean {
  return secret.startsWith("whsec_");
}

/** GitLab's signed deliveries: Standard Webhooks `v1` under the `webhook-*` names only. */
export function gitlabSigned(toleranceSeconds: number | undefined, ids: IdSource): HmacSpec {
  return {
    scheme: "gitlab",
    algorithm: "sha256",
    encoding: "base64",
    headers: [SIGNATURE],
    format: { kind: "versioned", version: "v1" },
    signed: ["id", { text: "." }, "timestamp", { text: "." }, "body"],
    timestampHeaders: ["webhook-timestamp"],
    signedIdHeaders: ["webhook-id"],
    ids,
    toleranceSeconds: toleranceSeconds ?? 300,
  };
}

/** A signed delivery is judged by its signature alone; any other by the token. */
export function gitlabVerifier(token: Verifier, signed: Verifier): Verifier {
  return {
    scheme: "gitlab",
    secretHeaders: [...token.secretHeaders, ...signed.secretHeaders],
    present: (headers) => token.present(headers) || signed.present(headers),
    verify: (input) => (signed.present(input.headers) ? signed : token).verify(input),
  };
}
