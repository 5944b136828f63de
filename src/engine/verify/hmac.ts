// The HMAC family of schemes (GitHub, Stripe, Slack, Standard Webhooks, Shopify, Linear, Sentry,
// PagerDuty, Zoom, Meta and the generic `hmac`): one engine driven by a spec of where the signature
// is, how it is written and what is signed. The digest is computed over the raw body in pieces (no
// copy of the body) once per secret and compared in constant time with every signature the header
// lists; the timestamp is judged only after a signature matched.
import { createHmac, timingSafeEqual } from "node:crypto";
import { readPath } from "../logic.js";
import { deliveryId, headerText, type IdSource, unixSeconds, withinTolerance } from "./request-parts.js";
import { formatSignatureHeader, parseSignatureHeader, type SignatureFormat } from "./signature-header.js";
import type { RawHeaders, Verifier, VerifyInput, VerifyOutcome, VerifyScheme } from "./types.js";

export type HmacAlgorithm = "sha1" | "sha256" | "sha512";
export type SignatureEncoding = "hex" | "base64" | "base64url";

/** A piece of the signed content: the raw body, the timestamp, the delivery id, or fixed text. */
export type SignedPart = "body" | "timestamp" | "id" | { text: string };

export interface HmacSpec {
  scheme: VerifyScheme;
  algorithm: HmacAlgorithm;
  encoding: SignatureEncoding;
  /** The signature header; the first one present of these names. */
  headers: readonly string[];
  format: SignatureFormat;
  signed: readonly SignedPart[];
  /** Headers with the signing time (first present), unless the signature header carries it. */
  timestampHeaders: readonly string[];
  /** A signing time inside the signed body (Linear's webhookTimestamp), read after the signature matched. */
  timestampField?: string;
  /** Headers with the id that is part of the signed content (first present). */
  signedIdHeaders: readonly string[];
  /** Where the delivery id for replay protection is. */
  ids: IdSource;
  /** Seconds the signed time may be off; undefined: the scheme signs no time. */
  toleranceSeconds?: number;
}

const DIGEST_BYTES: Record<HmacAlgorithm, number> = { sha1: 20, sha256: 32, sha512: 64 };

/** The signature bytes of a header's text; undefined for text that is not a canonical encoding. */
export function decodeSignature(text: string, encoding: SignatureEncoding): Buffer | undefined {
  if (encoding === "hex") return /^(?:[0-9a-fA-F]{2})+$/.test(text) ? Buffer.from(text, "hex") : undefined;
  const bytes = Buffer.from(text, encoding);
  // Base64 decoding skips stray characters and ignores unused bits: only the canonical text counts.
  const again = bytes.toString(encoding);
  return again === text || (encoding === "base64url" && again === text.replace(/=+$/, ""))
    ? bytes
    : undefined;
}

function first(headers: RawHeaders, names: readonly string[]): string | undefined {
  for (const name of names) {
    const v = headerText(headers, name);
    if (v !== undefined) return v;
  }
  return undefined;
}

/**
 * How the signatures a header lists are matched: their decoded size, and whether one of them signs
 * the content (handed over in its pieces, so an HMAC never copies the body).
 */
export interface SignatureMatch {
  size: number;
  matches(presented: readonly Buffer[], content: readonly (Buffer | string)[]): boolean;
}

/** HMAC with each key, compared in constant time with every signature presented. */
export function hmacMatch(algorithm: HmacAlgorithm, keys: readonly Buffer[]): SignatureMatch {
  return {
    size: DIGEST_BYTES[algorithm],
    matches(presented, content) {
      let matched = false;
      for (const key of keys) {
        const mac = createHmac(algorithm, key);
        for (const piece of content) mac.update(piece);
        const expected = mac.digest();
        for (const p of presented) if (timingSafeEqual(expected, p)) matched = true;
      }
      return matched;
    },
  };
}

function content(
  spec: HmacSpec,
  body: Buffer,
  timestamp: string | undefined,
  id: string | undefined,
): (Buffer | string)[] {
  return spec.signed.map((part) =>
    part === "body"
      ? body
      : part === "timestamp"
        ? (timestamp ?? "")
        : part === "id"
          ? (id ?? "")
          : part.text,
  );
}

function digest(
  spec: HmacSpec,
  key: Buffer,
  body: Buffer,
  timestamp: string | undefined,
  id: string | undefined,
): Buffer {
  const mac = createHmac(spec.algorithm, key);
  for (const piece of content(spec, body, timestamp, id)) mac.update(piece);
  return mac.digest();
}

export function hmacVerifier(spec: HmacSpec, keys: readonly Buffer[]): Verifier {
  return signatureVerifier(spec, hmacMatch(spec.algorithm, keys));
}

/**
 * A verifier of a spec's header, signed content, time and delivery id, whatever the signature
 * (an HMAC, or Standard Webhooks' Ed25519 `v1a`).
 */
export function signatureVerifier(spec: HmacSpec, match: SignatureMatch): Verifier {
  const needsTimestamp = spec.signed.includes("timestamp");
  const needsId = spec.signed.includes("id");
  return {
    scheme: spec.scheme,
    secretHeaders: spec.headers,
    present: (headers) => first(headers, spec.headers) !== undefined,
    verify(input: VerifyInput): VerifyOutcome {
      const value = first(input.headers, spec.headers);
      if (value === undefined) return { ok: false, failure: "missing" };
      const parsed = parseSignatureHeader(value, spec.format);
      const timestamp = parsed.timestamp ?? first(input.headers, spec.timestampHeaders);
      const signedId = needsId ? first(input.headers, spec.signedIdHeaders) : undefined;
      if ((needsTimestamp && timestamp === undefined) || (needsId && signedId === undefined)) {
        return { ok: false, failure: "missing" };
      }
      const presented: Buffer[] = [];
      for (const text of parsed.signatures) {
        const bytes = decodeSignature(text, spec.encoding);
        if (bytes?.length === match.size) presented.push(bytes);
      }
      if (
        presented.length === 0 ||
        !match.matches(presented, content(spec, input.body, timestamp, signedId))
      ) {
        return { ok: false, failure: "invalid" };
      }
      let seconds: number | undefined;
      if (spec.toleranceSeconds !== undefined) {
        seconds = unixSeconds(
          spec.timestampField !== undefined ? readPath(input.payload(), spec.timestampField) : timestamp,
        );
        if (seconds === undefined || !withinTolerance(seconds, input.now, spec.toleranceSeconds)) {
          return { ok: false, failure: "stale" };
        }
      }
      const id = deliveryId(spec.ids, input);
      return {
        ok: true,
        verified: {
          scheme: spec.scheme,
          ...(id !== undefined && { id }),
          ...(seconds !== undefined && { timestamp: seconds }),
        },
      };
    },
  };
}

/** The headers a sender of this scheme sends for `body` (`hookgate sign`, tests). */
export function hmacSign(
  spec: HmacSpec,
  key: Buffer,
  body: Buffer,
  at: { timestamp: string; id: string },
): Record<string, string> {
  const signature = digest(spec, key, body, at.timestamp, at.id).toString(spec.encoding);
  const headers: Record<string, string> = {};
  const inSignature = spec.format.kind === "pairs" && spec.format.timestampKey !== undefined;
  headers[spec.headers[0]!] = formatSignatureHeader(signature, spec.format, at.timestamp);
  if (!inSignature && spec.timestampHeaders.length > 0) headers[spec.timestampHeaders[0]!] = at.timestamp;
  const idHeader = spec.signedIdHeaders[0] ?? spec.ids.headers[0];
  if (idHeader !== undefined) headers[idHeader] = at.id;
  return headers;
}
