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

/**
 * Whether the query string carries a token parameter in any spelling a server framework might read as
 * one (`token`, `Token`, `token[]`, `token[0]`): all are refused before authentication.
 */
export function hasQueryToken(url: string | undefined): boolean {
  const q = url?.indexOf("?") ?? -1;
  if (!url || q < 0) return false;
  for (const name of new URLSearchParams(url.slice(q + 1)).keys()) {
    if (/^token(\[[^\]]*\])*$/i.test(name.trim())) return true;
  }
  return false;
}
