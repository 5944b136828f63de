// Contracts of request verification: what a verifier sees of a request and what it tells the rules.
// Verifiers are compiled once at load (secrets decoded, keys imported) and run per request on the
// raw body bytes, before anything trusts the body.
import type { MappingVerify } from "../../types/generated.js";

export type VerifyScheme = MappingVerify["scheme"];

/** Header values as they arrive (lower-case names): node's, or one string per name. */
export type RawHeaders = Record<string, string | string[] | undefined>;

export interface VerifyInput {
  /** The raw body, exactly as received. */
  body: Buffer;
  headers: RawHeaders;
  /** Path and query string as the request line had them (Twilio signs the full URL). */
  url: string;
  /** Milliseconds since the epoch. */
  now: number;
  /** The body parsed (JSON or form), undefined when it does not parse. Read only after a signature matched. */
  payload: () => unknown;
}

/** What a request that passed tells rules, templates and transforms: never a secret or a signature. */
export interface Verified {
  scheme: VerifyScheme;
  /** The sender's delivery id, when the scheme has one: redeliveries are answered from the first. */
  id?: string;
  /** The signed time, Unix seconds, when the signature covers one. */
  timestamp?: number;
}

/**
 * Why a request did not pass, as much as an honest operator needs: missing (no signature, or a
 * header the scheme needs), invalid (no signature matches any secret), stale (a matching signature
 * whose timestamp is outside the tolerance).
 */
export type VerifyFailure = "missing" | "invalid" | "stale";

/** Which failure says the most: a matching signature with a bad time, then a wrong one, then none. */
export const FAILURE_RANK: Record<VerifyFailure, number> = { missing: 0, invalid: 1, stale: 2 };

export type VerifyOutcome = { ok: true; verified: Verified } | { ok: false; failure: VerifyFailure };

export interface Verifier {
  readonly scheme: VerifyScheme;
  /** Headers whose values are signatures or secrets: never shown to rules, traces or logs. */
  readonly secretHeaders: readonly string[];
  /** Whether the request carries this scheme's signature or secret at all (`hookgate test` asks). */
  present(headers: RawHeaders): boolean;
  /** Never throws. */
  verify(input: VerifyInput): VerifyOutcome;
  /** How long the sender may resend a delivery (its retry horizon), when longer than a day. */
  readonly retryHorizonSeconds?: number;
  /** The verify block's idempotencyTtlSeconds: the delivery-id window, as configured. */
  readonly idempotencyTtlSeconds?: number;
  /**
   * The scheme signs the body only (a passed request with no signed time): its delivery is known by
   * the body itself, whatever delivery id it comes with.
   */
  readonly bodyOnly?: boolean;
}
