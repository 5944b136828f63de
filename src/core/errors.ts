// Every error hookgate answers with: a stable code, its HTTP status, and a sentence a person can act on.
// The bottom layer: the engine, the policies and the store name their failures with these codes; the
// HTTP layer only renders them. The error table of docs/reference/errors.md is checked against this
// catalogue.

export const ERRORS = {
  QUERY_TOKEN: {
    status: 400,
    error: "token in the query string is not accepted; send it in the Authorization: Bearer header",
  },
  METHOD_NOT_ALLOWED: { status: 405, error: "method not allowed; hooks accept POST only" },
  UNAUTHORIZED: { status: 401, error: "unauthorized: missing or wrong hook token" },
  // A request without the hook token on a path whose mappings verify senders: it passed none of them.
  // Counted in the lockout like a wrong token; the code says what an honest sender should fix.
  SIGNATURE_MISSING: {
    status: 401,
    error: "unauthorized: no hook token, and no signature or secret header this hook accepts",
  },
  SIGNATURE_INVALID: {
    status: 401,
    error: "unauthorized: the signature does not match; check the secret configured at the sender",
  },
  SIGNATURE_STALE: {
    status: 401,
    error:
      "unauthorized: the signed timestamp is too far from this server's clock; check the clocks (a replayed request is refused the same way)",
  },
  VERIFY_TOKEN_INVALID: {
    status: 401,
    error: "unauthorized: hub.verify_token does not match the verify token configured for this hook",
  },
  HANDSHAKE_INVALID: {
    status: 400,
    error: "a subscription check needs hub.mode=subscribe, hub.verify_token and hub.challenge",
  },
  TOO_MANY_AUTH_FAILURES: {
    status: 429,
    error: "too many failed authentications from this address; retry later",
  },
  NOT_FOUND: { status: 404, error: "not found" },
  // /metrics and /console answer only the addresses of their allowFrom setting.
  FORBIDDEN: { status: 403, error: "forbidden: this address may not reach it" },
  HOOK_NOT_FOUND: { status: 404, error: "no hook mapping matches this request" },
  // An HTTP agent's later reply to a run (the http runner's callback URL).
  CALLBACK_UNKNOWN: {
    status: 404,
    error: "no run has this callback URL: check the URL, run id and token, as the run's body gave them",
  },
  CALLBACK_USED: { status: 409, error: "this run has its answer already: a callback URL is used once" },
  CALLBACK_EXPIRED: {
    status: 410,
    error: "this callback URL expired at the run's deadline: the run has ended without this answer",
  },
  CALLBACK_INVALID: { status: 400, error: 'a callback body is {"reply": "..."} or {"error": "..."}' },
  BAD_REQUEST: { status: 400, error: "bad request: the request line or URL is malformed" },
  HEADERS_TOO_LARGE: { status: 431, error: "request headers too large" },
  PAYLOAD_TOO_LARGE: { status: 413, error: "payload too large" },
  BODY_TIMEOUT: { status: 408, error: "request body not received in time" },
  REQUEST_TIMEOUT: { status: 408, error: "request headers not received in time" },
  INVALID_JSON: { status: 400, error: "body is not valid JSON" },
  INVALID_PAYLOAD: { status: 400, error: "invalid payload" },
  INVALID_CLOUDEVENT: { status: 400, error: "not a valid CloudEvent" },
  // The store keeps the first request's digest with the key and reports the conflict.
  IDEMPOTENCY_KEY_REUSED: {
    status: 409,
    error:
      "Idempotency-Key was already used on this hook with a different body; use a new key for a new request",
  },
  INVALID_IDEMPOTENCY_KEY: { status: 400, error: "Idempotency-Key must be 1 to 256 characters" },
  SESSION_KEY_NOT_ALLOWED: { status: 400, error: "sessionKey is not accepted from request payloads" },
  SESSION_KEY_PREFIX: { status: 400, error: "sessionKey must start with an allowed prefix" },
  SESSION_KEY_RESERVED: { status: 400, error: "sessionKey main is reserved for the main session" },
  AGENT_NOT_ALLOWED: { status: 400, error: "agentId is not allowed by hooks.allowedAgentIds" },
  MODEL_NOT_ALLOWED: { status: 400, error: "model is not allowed by agents.defaults.models" },
  CHANNEL_UNKNOWN: { status: 400, error: "unknown channel" },
  CHANNEL_NOT_CONFIGURED: { status: 400, error: "channel is not configured" },
  INVALID_ACTION: { status: 400, error: "the mapping built an invalid action" },
  TRANSFORM_INPUT_REJECTED: {
    status: 400,
    error: "the payload could not be handed to the mapping's transform",
  },
  // A body over maxInputBytes, or one the sandbox cannot read within its own handoff time or memory
  // (apart from cpuMs), is the sender's to shrink (or the operator's to allow), not a transform failure.
  TRANSFORM_INPUT_TOO_LARGE: {
    status: 413,
    error: "the request is larger than the mapping's transform accepts (hooks.transformLimits.maxInputBytes)",
  },
  // The sender's payload pushed a rule past its per-request work budget (src/engine/budget.ts). 422,
  // not 5xx: the same payload always would, so a retry cannot help and must not be invited.
  WHEN_BUDGET_EXCEEDED: {
    status: 422,
    error: "the mapping's match.when went over its per-request budget on this payload",
  },
  TEMPLATE_BUDGET_EXCEEDED: {
    status: 422,
    error: "the mapping's templates went over their per-request budget on this payload",
  },
  // A forEach mapping found more elements than its forEachMax: refused whole, never cut short.
  FOREACH_TOO_MANY: {
    status: 413,
    error: "the payload has more elements than the mapping's forEachMax; split the batch at the sender",
  },
  // Every transform worker busy and the queue full: ours, and temporary.
  TRANSFORM_BUSY: { status: 503, error: "transforms are busy; the request was not accepted, retry later" },
  // Too many bodies without the hook token being read at once (hooks.unauthenticatedBodyBytes): the
  // server's condition, not the sender's mistake, so 503 with Retry-After, which providers retry.
  UNAUTHENTICATED_BODIES_BUSY: {
    status: 503,
    error:
      "too many requests without the hook token are being read; the request was not accepted, retry later",
  },
  STORE_UNAVAILABLE: { status: 503, error: "store unavailable; the request was not accepted, retry later" },
  // A mapping that failed on our side: the client learns the kind, the details stay in the server log.
  TRANSFORM_THREW: { status: 500, error: "hook mapping failed" },
  TRANSFORM_TIMEOUT: { status: 500, error: "hook mapping failed" },
  TRANSFORM_OUT_OF_MEMORY: { status: 500, error: "hook mapping failed" },
  TRANSFORM_RESULT_TOO_LARGE: { status: 500, error: "hook mapping failed" },
  TRANSFORM_INVALID_RESULT: { status: 500, error: "hook mapping failed" },
  MAPPING_FAILED: { status: 500, error: "hook mapping failed" },
  INTERNAL: { status: 500, error: "internal error" },
} as const satisfies Record<string, { status: number; error: string }>;

export type ErrorCode = keyof typeof ERRORS;

/** The transform sandbox's failure codes. */
export type TransformFailureCode = Extract<ErrorCode, `TRANSFORM_${string}`>;

/** The body of every error answer: `{ok:false, error, code}`, `error` the catalogue's sentence unless given. */
export function errorBody(code: ErrorCode, error?: string): { ok: false; error: string; code: ErrorCode } {
  return { ok: false, error: error ?? ERRORS[code].error, code };
}
