// Twilio: X-Twilio-Signature is the base64 HMAC-SHA1, keyed with the account's auth token, of the
// full URL Twilio posted to followed by every form field's name and value, sorted by name. A JSON body
// is instead covered by a bodySHA256 query parameter, which the URL signature includes.
import { createHmac, timingSafeEqual } from "node:crypto";
import { sha256 } from "../../core/digest.js";
import { decodeSignature } from "./hmac.js";
import { deliveryId, headerText, type IdSource, isForm } from "./request-parts.js";
import type { Verifier, VerifyInput } from "./types.js";

const HEADER = "x-twilio-signature";

/**
 * What Twilio signs: the URL, then each field name followed by its distinct values (sorted, once
 * each), as Twilio's own validators compute it.
 */
function twilioSignedText(url: string, fields: URLSearchParams | null): string {
  if (!fields) return url;
  const byName = new Map<string, Set<string>>();
  for (const [name, value] of fields) {
    const values = byName.get(name);
    if (values) values.add(value);
    else byName.set(name, new Set([value]));
  }
  let text = url;
  for (const name of [...byName.keys()].sort()) {
    for (const value of [...byName.get(name)!].sort()) text += name + value;
  }
  return text;
}

function signature(key: Buffer, url: string, fields: URLSearchParams | null): Buffer {
  return createHmac("sha1", key).update(twilioSignedText(url, fields)).digest();
}

/**
 * Whether a field repeats with the same value. Twilio signs each distinct value once, so the
 * signature cannot tell `a=1` from `a=1&a=1`, yet rules would see a string in one and a list in the other.
 */
function repeatsAPair(fields: URLSearchParams): boolean {
  const seen = new Set<string>();
  for (const [name, value] of fields) {
    const pair = JSON.stringify([name, value]);
    if (seen.has(pair)) return true;
    seen.add(pair);
  }
  return false;
}

/** Whether a JSON body matches the bodySHA256 its (signed) URL declares. */
function bodyMatchesUrl(url: string, body: Buffer): boolean {
  const q = url.indexOf("?");
  const declared = q < 0 ? null : new URLSearchParams(url.slice(q + 1)).get("bodySHA256");
  if (declared === null) return body.length === 0;
  const want = decodeSignature(declared, "hex");
  return want !== undefined && want.length === 32 && timingSafeEqual(want, sha256(body));
}

/** `publicUrl`: the server root as Twilio reaches it, without a trailing slash. */
export function twilioVerifier(publicUrl: string, keys: readonly Buffer[], ids: IdSource): Verifier {
  return {
    scheme: "twilio",
    secretHeaders: [HEADER],
    present: (headers) => headerText(headers, HEADER) !== undefined,
    verify(input: VerifyInput) {
      const text = headerText(input.headers, HEADER);
      if (text === undefined) return { ok: false, failure: "missing" };
      const presented = decodeSignature(text, "base64");
      const url = publicUrl + input.url;
      const form = isForm(input.headers) ? new URLSearchParams(input.body.toString("utf8")) : null;
      let matched = false;
      if (presented?.length === 20) {
        for (const key of keys) if (timingSafeEqual(signature(key, url, form), presented)) matched = true;
      }
      if (!matched || (form ? repeatsAPair(form) : !bodyMatchesUrl(input.url, input.body))) {
        return { ok: false, failure: "invalid" };
      }
      const id = deliveryId(ids, input);
      return { ok: true, verified: { scheme: "twilio", ...(id !== undefined && { id }) } };
    },
  };
}

/** The header Twilio would send (`hookgate sign`, tests); `url` is the full public URL. */
export function twilioSign(key: Buffer, url: string, body: Buffer, form: boolean): Record<string, string> {
  const fields = form ? new URLSearchParams(body.toString("utf8")) : null;
  return { [HEADER]: signature(key, url, fields).toString("base64") };
}
