import type { IncomingHttpHeaders } from "node:http";
import { secretMatcher } from "../core/digest.js";
import { TOKEN_HEADERS } from "../core/secret-headers.js";

/** The token a request presents: `Authorization: Bearer`, `x-hookgate-token`, or OpenClaw's header. */
export function presentedToken(headers: IncomingHttpHeaders): string | undefined {
  const auth = headers.authorization;
  if (typeof auth === "string") {
    const m = /^Bearer\s+(.+)$/i.exec(auth.trim());
    if (m) return m[1]!.trim();
  }
  for (const name of TOKEN_HEADERS) {
    if (name === "authorization") continue;
    const v = headers[name];
    if (typeof v === "string" && v.length > 0) return v.trim();
  }
  return undefined;
}

/** Constant-time token check (core/digest.ts); a request without a token never matches. */
export function tokenMatcher(expected: string): (presented: string | undefined) => boolean {
  const matches = secretMatcher(expected);
  return (presented) => matches(presented ?? "") && presented !== undefined;
}
