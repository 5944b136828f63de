// The one list of header names whose values are secrets. The hook token's carriers and the senders'
// signature and secret headers are stripped before a request reaches rules (a template, transform or
// trace could copy them into a prompt, the store or a log); every credential-like header is redacted
// wherever headers are shown or logged.

/** Headers that carry the hook token. */
export const TOKEN_HEADERS = ["authorization", "x-hookgate-token", "x-openclaw-token"] as const;

const TOKEN_HEADER_SET: ReadonlySet<string> = new Set(TOKEN_HEADERS);

/**
 * Headers in which senders sign their requests or send a shared secret (the verify schemes' own;
 * a verify's configured `header` is added per configuration). Rules get `verified` instead.
 */
const SIGNATURE_HEADERS = [
  "x-hub-signature",
  "x-hub-signature-256",
  "x-gitlab-token",
  "stripe-signature",
  "x-slack-signature",
  "webhook-signature",
  "svix-signature",
  "x-shopify-hmac-sha256",
  "linear-signature",
  "sentry-hook-signature",
  "x-pagerduty-signature",
  "x-twilio-signature",
  "x-signature-ed25519",
  "x-zm-signature",
  "x-telegram-bot-api-secret-token",
] as const;

const SIGNATURE_HEADER_SET: ReadonlySet<string> = new Set(SIGNATURE_HEADERS);

/** Credentials that are not the hook token but must never be shown either. */
const OTHER_SECRET_HEADERS = ["proxy-authorization", "cookie", "set-cookie"] as const;

const SECRET_HEADER_SET: ReadonlySet<string> = new Set([
  ...TOKEN_HEADERS,
  ...SIGNATURE_HEADERS,
  ...OTHER_SECRET_HEADERS,
]);

/** A header whose name contains one of these is treated as a credential (x-hub-signature-256, x-api-key). */
const SECRET_NAME_PARTS = ["token", "secret", "signature", "api-key", "apikey", "password"];

/** Whether a header carries the hook token (and is stripped before rules see the request). */
export function isTokenHeader(lowerName: string): boolean {
  return TOKEN_HEADER_SET.has(lowerName);
}

/** Whether a header carries a sender's signature or shared secret (stripped before rules see the request). */
export function isSignatureHeader(lowerName: string): boolean {
  return SIGNATURE_HEADER_SET.has(lowerName);
}

/** Whether a header's value must never be shown (credentials, signatures, cookies). */
export function isSecretHeader(name: string): boolean {
  const n = name.toLowerCase();
  return SECRET_HEADER_SET.has(n) || SECRET_NAME_PARTS.some((p) => n.includes(p));
}

/** pino redaction paths for a `headers` object logged by mistake. */
export const SECRET_HEADER_LOG_PATHS: readonly string[] = [...SECRET_HEADER_SET].map((h) =>
  /^[a-z]+$/.test(h) ? `headers.${h}` : `headers["${h}"]`,
);
