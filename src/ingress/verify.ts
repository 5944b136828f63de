// Which mappings a request without the hook token may reach on a hook path, and the verification of
// such a request against them. Shared by the server and `hookgate test`.
import { sha256 } from "../core/digest.js";
import { type RuleIndex, verifyingFor } from "../engine/compile.js";
import { normaliseHookPath } from "../engine/hook-path.js";
import type { CompiledRule } from "../engine/rule.js";
import { type RequestVerification, verifyRequest } from "../engine/verify/request.js";
import type { VerifyInput } from "../engine/verify/types.js";

const NONE: readonly CompiledRule[] = [];

/**
 * The mappings of a hook name that have a verify. `wake` and `agent` are the built-in endpoints,
 * reachable with the token only: a signature for a mapping never opens them (nor the empty name).
 */
export function verifyingRules(index: RuleIndex, name: string): readonly CompiledRule[] {
  const path = normaliseHookPath(name);
  return path === "wake" || path === "agent" || path === "" ? NONE : verifyingFor(index, path);
}

/**
 * How long a verified delivery is remembered: the verify block's idempotencyTtlSeconds as given, else
 * the sender's retry horizon or `hooksTtlSeconds` (hooks.idempotencyTtlSeconds), whichever is longer.
 * The first mapping the request passed decides, as it decides what rules see as `verified`.
 */
function replayWindowSeconds(verification: RequestVerification, hooksTtlSeconds: number): number {
  const verifier = verification.passed[0]?.verifier;
  if (verifier?.idempotencyTtlSeconds !== undefined) return verifier.idempotencyTtlSeconds;
  return Math.max(verifier?.retryHorizonSeconds ?? 0, hooksTtlSeconds);
}

/** A remembered delivery: the store keeps its first answer under (scope, key) for ttlSeconds. */
export interface DeliveryKey {
  scope: string;
  key: string;
  ttlSeconds: number;
}

/**
 * What a verified request is remembered by, per scheme and hook name so that two senders never
 * collide: the sender's delivery id, or for a scheme that signs only the body (no signed time), the
 * digest of the raw body, so that a captured delivery sent again under a new or missing delivery id
 * is the repeat it is. Undefined when there is neither.
 */
export function verifiedDeliveryKey(
  verification: RequestVerification | undefined,
  hook: string,
  body: Buffer,
  hooksTtlSeconds: number,
): DeliveryKey | undefined {
  const v = verification?.verified;
  if (!v) return undefined;
  const ttlSeconds = replayWindowSeconds(verification, hooksTtlSeconds);
  if (verification.passed[0]?.verifier?.bodyOnly && v.timestamp === undefined) {
    return {
      scope: `verified-body:${v.scheme}:${hook}`,
      key: sha256(body).toString("base64url"),
      ttlSeconds,
    };
  }
  return v.id === undefined ? undefined : { scope: `verified:${v.scheme}:${hook}`, key: v.id, ttlSeconds };
}

export function verifyHookRequest(index: RuleIndex, name: string, input: VerifyInput): RequestVerification {
  return verifyRequest(verifyingRules(index, name), input);
}

export type { RequestVerification };
