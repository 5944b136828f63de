// Schemes where the sender sends the secret itself: GitLab's X-Gitlab-Token, a provider's secret
// header (Telegram's X-Telegram-Bot-Api-Secret-Token, ...), and HTTP basic auth (Alertmanager,
// Grafana). Compared in constant time against each configured secret.
import { secretMatcher } from "../../core/digest.js";
import { deliveryId, headerText, type IdSource } from "./request-parts.js";
import type { RawHeaders, Verifier, VerifyInput, VerifyOutcome, VerifyScheme } from "./types.js";

type Matcher = (presented: string | Buffer) => boolean;

function verdict(
  scheme: VerifyScheme,
  matchers: readonly Matcher[],
  presented: string | undefined,
  ids: IdSource,
  input: VerifyInput,
): VerifyOutcome {
  if (presented === undefined) return { ok: false, failure: "missing" };
  let matched = false;
  for (const m of matchers) if (m(presented)) matched = true;
  if (!matched) return { ok: false, failure: "invalid" };
  const id = deliveryId(ids, input);
  return { ok: true, verified: { scheme, ...(id !== undefined && { id }) } };
}

/** The secret sent as a header's whole value (gitlab, header). */
export function headerSecretVerifier(
  scheme: VerifyScheme,
  header: string,
  secrets: readonly string[],
  ids: IdSource,
): Verifier {
  const matchers = secrets.map((s) => secretMatcher(s));
  return {
    scheme,
    secretHeaders: [header],
    present: (headers) => headerText(headers, header) !== undefined,
    verify: (input) => verdict(scheme, matchers, headerText(input.headers, header), ids, input),
  };
}

/** `Authorization: Basic base64(user:password)`, the pair compared as a whole. */
export function basicVerifier(username: string, passwords: readonly string[], ids: IdSource): Verifier {
  const matchers = passwords.map((p) => secretMatcher(`${username}:${p}`));
  const credentials = (headers: RawHeaders): string | undefined => {
    const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(headerText(headers, "authorization") ?? "");
    return m ? Buffer.from(m[1]!, "base64").toString("utf8") : undefined;
  };
  return {
    scheme: "basic",
    secretHeaders: ["authorization"],
    present: (headers) => credentials(headers) !== undefined,
    verify: (input) => verdict("basic", matchers, credentials(input.headers), ids, input),
  };
}
