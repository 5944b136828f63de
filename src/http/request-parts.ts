import type { IncomingHttpHeaders } from "node:http";
import { isTokenHeader } from "../core/secret-headers.js";
import { normaliseHookPath } from "../engine/hook-path.js";

/** The path of a request URL, without its query string. */
export function pathOnly(url: string | undefined): string {
  if (!url) return "/";
  const q = url.indexOf("?");
  return q >= 0 ? url.slice(0, q) : url;
}

/**
 * The hook name of a request path: what follows hooks.path, URL-decoded, in the engine's normal form
 * (the one it indexes rules by). Returns "" for the prefix itself; null-free because the route only
 * matches under the prefix.
 */
export function hookName(urlPath: string, prefix: string): string {
  let rest = urlPath.slice(prefix.length);
  try {
    rest = decodeURIComponent(rest);
  } catch {
    // A malformed escape stays as sent; it will simply match no rule.
  }
  return normaliseHookPath(rest);
}

/** Lower-case header names to single strings (repeated headers joined with ", "), as rules see them. */
export function requestHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (v === undefined || isTokenHeader(k)) continue;
    out[k] = Array.isArray(v) ? v.join(", ") : v;
  }
  return out;
}

/** Query parameters as a plain object (the first value of a repeated name wins). */
export function queryOf(url: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  const q = url?.indexOf("?") ?? -1;
  if (!url || q < 0) return out;
  for (const [k, v] of new URLSearchParams(url.slice(q + 1))) {
    if (!Object.hasOwn(out, k)) out[k] = v;
  }
  return out;
}
