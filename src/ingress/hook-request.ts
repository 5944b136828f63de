// A request as the rules see it, built the same way for the server and for `hookgate test`: the hook
// token's carriers are stripped first, so no template, transform or trace can copy the secret.
import { isTokenHeader } from "../core/secret-headers.js";
import { normaliseHookPath } from "../engine/hook-path.js";
import type { HookRequest } from "../engine/types.js";

/** Header values as they arrive: node's (string or string[]), or one string per name. */
export type RawHeaders = Record<string, string | string[] | undefined>;

export function hookRequest(parts: {
  name: string;
  headers: RawHeaders;
  query: Record<string, string>;
  payload: unknown;
  /** The request target (path and query string), for a transform's ctx.url. */
  target?: string;
}): HookRequest {
  const req: HookRequest = {
    path: normaliseHookPath(parts.name),
    payload: parts.payload,
    headers: ruleHeaders(parts.headers),
    query: parts.query,
  };
  if (parts.target !== undefined) req.target = parts.target;
  return req;
}

/** Lower-case header names to single strings (repeated headers joined with ", "), token headers left out. */
export function ruleHeaders(headers: RawHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, v] of Object.entries(headers)) {
    const k = name.toLowerCase();
    if (v === undefined || isTokenHeader(k)) continue;
    const value = Array.isArray(v) ? v.join(", ") : v;
    out[k] = out[k] === undefined ? value : `${out[k]}, ${value}`;
  }
  return out;
}
