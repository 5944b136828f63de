// The one list of header names whose values are secrets. The hook token's carriers and the senders'
// signature and secret headers are stripped before a request reaches rules (a template, transform or
// trace could copy them into a prompt, the store or a log); every credential-like header is redacted
// wherever headers are shown or logged, and so are credential-like query parameters and body fields
// in the request log. Names compare case-insensitively, `_` and `-` alike (x-api_key = x-api-key).

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

/**
 * A header whose name contains one of these is treated as a credential (x-hub-signature-256, x-api-key,
 * x-authorization, x-auth-key, Azure's x-functions-key).
 */
const SECRET_NAME_PARTS = [
  "token",
  "secret",
  "signature",
  "api-key",
  "apikey",
  "password",
  "authoriz",
  "authentica",
  "auth-key",
  "functions-key",
  "access-key",
  "private-key",
  "credential",
  "jwt",
];

/** Short query parameter names that carry credentials: API keys, signed-URL signatures, OAuth codes. */
const SECRET_QUERY_NAMES: ReadonlySet<string> = new Set(["key", "sig", "code", "auth", "jwt", "pass", "pwd"]);

/**
 * Body fields (of JSON and form bodies, at any depth) whose values are credentials: by exact name
 * (separators and case ignored), or ending in token, secret, password or apikey. Slack sends its
 * deprecated verification `token` and a `response_url` that lets anyone answer as the app.
 */
const SECRET_FIELD_NAMES: ReadonlySet<string> = new Set([
  "token",
  "secret",
  "password",
  "passwd",
  "apikey",
  "responseurl",
  "privatekey",
  "accesskey",
  "secretkey",
  "authorization",
  "jwt",
]);
const SECRET_FIELD_ENDINGS = ["token", "secret", "password", "apikey"];

const fold = (name: string) => name.toLowerCase().replaceAll("_", "-");

/** Whether a header carries the hook token (and is stripped before rules see the request). */
export function isTokenHeader(lowerName: string): boolean {
  return TOKEN_HEADER_SET.has(lowerName);
}

/** Whether a header carries a sender's signature or shared secret (stripped before rules see the request). */
export function isSignatureHeader(lowerName: string): boolean {
  return SIGNATURE_HEADER_SET.has(lowerName);
}

/**
 * Answers of isSecretHeader by name: a server sees the same few header names in every request, and
 * the request log asks for each. Names come from senders, so at most this many are remembered.
 */
const secretHeaderAnswers = new Map<string, boolean>();
const MAX_REMEMBERED_NAMES = 1024;

/** Whether a header's value must never be shown (credentials, signatures, cookies). */
export function isSecretHeader(name: string): boolean {
  const known = secretHeaderAnswers.get(name);
  if (known !== undefined) return known;
  const n = fold(name);
  const secret = SECRET_HEADER_SET.has(n) || SECRET_NAME_PARTS.some((p) => n.includes(p));
  if (secretHeaderAnswers.size < MAX_REMEMBERED_NAMES) secretHeaderAnswers.set(name, secret);
  return secret;
}

/** Whether a query parameter's value must never be kept (`api_key`, `sig`, `code`, `token[]`, ...). */
export function isSecretQueryName(name: string): boolean {
  const base = name.replace(/\[.*$/, "");
  return isSecretHeader(base) || SECRET_QUERY_NAMES.has(fold(base));
}

/** Whether a body field's value must never be kept (`token`, `response_url`, `client_secret`, `apiKey`). */
export function isSecretFieldName(name: string): boolean {
  const n = name.toLowerCase().replace(/[-_]/g, "");
  return SECRET_FIELD_NAMES.has(n) || SECRET_FIELD_ENDINGS.some((e) => n.endsWith(e));
}

/** pino redaction paths for a `headers` object logged by mistake. */
export const SECRET_HEADER_LOG_PATHS: readonly string[] = [...SECRET_HEADER_SET].map((h) =>
  /^[a-z]+$/.test(h) ? `headers.${h}` : `headers["${h}"]`,
);
