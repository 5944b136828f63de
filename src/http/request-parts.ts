import type { IncomingHttpHeaders } from "node:http";

/**
 * The hook name of a request path: what follows hooks.path, URL-decoded, with slashes at both ends
 * trimmed and repeated slashes collapsed (the engine indexes rules by the same normal form).
 * Returns "" for the prefix itself; null-free because the route only matches under the prefix.
 */
export function hookName(urlPath: string, prefix: string): string {
  let rest = urlPath.slice(prefix.length);
  try {
    rest = decodeURIComponent(rest);
  } catch {
    // A malformed escape stays as sent; it will simply match no rule.
  }
  return rest.replace(/\/{2,}/g, "/").replace(/^[\s/]+|[\s/]+$/g, "");
}

// The hook token's carriers never reach rules: a template, a transform or an explain trace could
// otherwise copy the secret into a prompt, the store or a log line.
const SECRET_HEADERS: ReadonlySet<string> = new Set([
  "authorization",
  "x-hookgate-token",
  "x-openclaw-token",
]);

/** Lower-case header names to single strings (repeated headers joined with ", "), as rules see them. */
export function requestHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (v === undefined || SECRET_HEADERS.has(k)) continue;
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
    if (!(k in out)) out[k] = v;
  }
  return out;
}
