// A request as the rules see it, built the same way for the server and for `hookgate test`: the hook
// token's carriers and the senders' signature and secret headers are stripped first, so no template,
// transform or trace can copy a secret. A verified request carries what its verification proved.
import { isSignatureHeader, isTokenHeader } from "../core/secret-headers.js";
import { normaliseHookPath } from "../engine/hook-path.js";
import type { HookRequest, Verified } from "../engine/types.js";

/** Header values as they arrive: node's (string or string[]), or one string per name. */
export type RawHeaders = Record<string, string | string[] | undefined>;

const NO_HEADERS: ReadonlySet<string> = new Set();

export function hookRequest(parts: {
  name: string;
  headers: RawHeaders;
  query: Record<string, string>;
  payload: unknown;
  /** Headers the configured verify blocks read secrets from (the rule index's `secretHeaders`). */
  secretHeaders?: ReadonlySet<string>;
  verified?: Verified | undefined;
  /** The request target (path and query string), for a transform's ctx.url. */
  target?: string;
  /** A CloudEvent's attributes: rules see them as `ce`, and the payload is the event's data. */
  ce?: Record<string, unknown>;
}): HookRequest {
  const req: HookRequest = {
    path: normaliseHookPath(parts.name),
    payload: parts.payload,
    headers: ruleHeaders(parts.headers, parts.secretHeaders),
    query: parts.query,
  };
  if (parts.verified) req.verified = parts.verified;
  if (parts.target !== undefined) req.target = parts.target;
  if (parts.ce) req.ce = parts.ce;
  return req;
}

/**
 * Lower-case header names to single strings (repeated headers joined with ", "); the token's, the
 * known signature headers and `secretHeaders` left out.
 */
function ruleHeaders(
  headers: RawHeaders,
  secretHeaders: ReadonlySet<string> = NO_HEADERS,
): Record<string, string> {
  const out: Record<string, string> = {};
  // Keys, not entries: Object.entries makes an array per header and costs a runtime call.
  for (const name of Object.keys(headers)) {
    const v = headers[name];
    const k = name.toLowerCase();
    if (v === undefined || isTokenHeader(k) || isSignatureHeader(k) || secretHeaders.has(k)) continue;
    const value = Array.isArray(v) ? v.join(", ") : v;
    out[k] = out[k] === undefined ? value : `${out[k]}, ${value}`;
  }
  return out;
}
