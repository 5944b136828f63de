// What the request log must not keep, beyond the token headers: credential-like query parameters and
// body fields (by name: core/secret-headers.ts), and any configured secret wherever it turns up (the
// hook token sent in an unexpected header, a signing secret pasted into a payload). Bodies are
// redacted in the part that is kept, as text, so a body cut at requestLog.maxBodyBytes loses the
// start of a secret too; a body with nothing to redact is kept byte for byte.
import type { ResolvedConfig } from "../config/types.js";
import { isObject } from "../core/is-object.js";
import { isSecretFieldName } from "../core/secret-headers.js";

/** Value kept in place of a credential (a rule testing for the field still sees it is there). */
export const REMOVED = "[removed]";

/** Shorter secrets are not searched for inside other text: they would match by chance. */
const MIN_SECRET_LENGTH = 6;

/**
 * Every secret of the configuration a sender might echo: the hook token, the verify secrets and
 * Meta verify tokens of every mapping (packs' included), the providers' API keys and the channels'
 * credentials. Longest first, so a secret that holds another is removed whole.
 */
export function configuredSecrets(
  config: Pick<ResolvedConfig, "hooks"> & Partial<Pick<ResolvedConfig, "providers" | "channels">>,
): readonly string[] {
  const found = new Set<string>();
  const add = (v: unknown) => {
    if (typeof v === "string" && v.trim().length >= MIN_SECRET_LENGTH) found.add(v.trim());
  };
  const collect = (value: unknown): void => {
    if (!isObject(value)) return;
    for (const [k, v] of Object.entries(value)) {
      if (k === "secrets" && Array.isArray(v)) v.forEach(add);
      else if (isSecretFieldName(k) || k === "verifyToken") add(v);
      else if (isObject(v)) collect(v);
    }
  };
  add(config.hooks.token);
  const mappings = [...config.hooks.mappings, ...config.hooks.packs.flatMap((p) => p.mappings)];
  for (const m of mappings) {
    collect(m.verify);
    collect(m.challenge);
  }
  collect(config.providers);
  collect(config.channels);
  return [...found].sort((a, b) => b.length - a.length);
}

/** What is searched for: each secret, then its URL-encoded form where it differs; also as bytes. */
interface SecretForms {
  texts: readonly string[];
  bytes: readonly Buffer[];
}

/**
 * The forms of a secrets list, made once per list: a generation's list is searched in every logged
 * request's headers, query and body, and encoding each secret again per value cost more than the
 * search (test/bench/README.md).
 */
const formsOfList = new WeakMap<readonly string[], SecretForms>();

function formsOf(secrets: readonly string[]): SecretForms {
  let forms = formsOfList.get(secrets);
  if (!forms) {
    const texts = secrets.flatMap((s) => {
      const encoded = encodeURIComponent(s);
      return encoded === s ? [s] : [s, encoded];
    });
    forms = { texts, bytes: texts.map((t) => Buffer.from(t)) };
    formsOfList.set(secrets, forms);
  }
  return forms;
}

/** `text` with every configured secret in it (as is, or URL-encoded) replaced by [removed]. */
export function withoutSecrets(text: string, secrets: readonly string[]): string {
  if (secrets.length === 0) return text;
  let out = text;
  for (const form of formsOf(secrets).texts) {
    if (out.includes(form)) out = out.replaceAll(form, REMOVED);
  }
  return out;
}

/** A cheap look at the bytes: could any field name be a credential's? (Most bodies: no.) */
const FIELD_HINT = /token|secret|passw|api.?key|response.?url|private.?key|access.?key|authoriz|jwt/i;

/**
 * A JSON string member: its key, what stands between, and its value (unterminated at the end of a
 * cut body). Each attempt reads one string, so the scan stays linear.
 */
const JSON_MEMBER = /"((?:[^"\\]|\\.)*)"(\s*:\s*)"((?:[^"\\]|\\.)*)(?:"|$)/g;

function redactJsonText(text: string): string {
  return text.replace(JSON_MEMBER, (whole, key: string, colon: string) =>
    isSecretFieldName(key) ? `"${key}"${colon}"${REMOVED}"` : whole,
  );
}

function redactFormText(text: string): string {
  return text
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      if (eq < 0) return pair;
      const name = decodeFormPart(pair.slice(0, eq));
      if (isSecretFieldName(name)) return `${pair.slice(0, eq)}=${encodeURIComponent(REMOVED)}`;
      const value = pair.slice(eq + 1);
      // Slack's interactivity posts its JSON in one form field, `payload`.
      if (!FIELD_HINT.test(value)) return pair;
      const decoded = decodeFormPart(value);
      const redacted = redactJsonText(decoded);
      return redacted === decoded ? pair : `${pair.slice(0, eq)}=${encodeURIComponent(redacted)}`;
    })
    .join("&");
}

function decodeFormPart(part: string): string {
  try {
    return decodeURIComponent(part.replaceAll("+", " "));
  } catch {
    return part;
  }
}

/** `text` without a configured secret's start at its end (a body cut inside a secret). */
function withoutCutSecret(text: string, secrets: readonly string[]): string {
  for (const secret of secrets) {
    for (let k = Math.min(secret.length - 1, text.length); k >= 4; k--) {
      if (text.endsWith(secret.slice(0, k))) return text.slice(0, text.length - k) + REMOVED;
    }
  }
  return text;
}

/**
 * The kept bytes of a body (`cut`: only its start) with credential-like fields of a JSON or form body,
 * and every configured secret, replaced by [removed]. Bytes with nothing to redact come back as they are.
 */
export function redactBody(
  kept: Buffer,
  contentType: string | undefined,
  secrets: readonly string[],
  cut = false,
): Buffer {
  const hinted = FIELD_HINT.test(kept.toString("latin1"));
  if (!hinted && !cut && (secrets.length === 0 || !formsOf(secrets).bytes.some((b) => kept.includes(b)))) {
    return kept;
  }
  const original = kept.toString("utf8");
  let text = original;
  if (hinted) {
    const type = (contentType ?? "").toLowerCase();
    if (type.includes("x-www-form-urlencoded")) text = redactFormText(text);
    else if (type.includes("json") || /^\s*[[{]/.test(text.replace(/^\uFEFF/, "")))
      text = redactJsonText(text);
  }
  text = withoutSecrets(text, secrets);
  if (cut) text = withoutCutSecret(text, secrets);
  return text === original ? kept : Buffer.from(text);
}
