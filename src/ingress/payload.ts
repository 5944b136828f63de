// A request body as the rules see it: a form (`application/x-www-form-urlencoded`, as Slack slash
// commands and Twilio send) becomes an object of its fields, except a form whose only field is
// `payload` holding a JSON object, which is that object: GitHub's webhooks send their JSON so with
// the content type application/x-www-form-urlencoded (its form's default), Slack its interactivity
// payloads. Anything else is read as JSON (`application/json`, `application/*+json`, or no type), a
// UTF-8 byte order mark before it ignored. The same for the server, `hookgate test` and replay.
// Signatures are checked before, over the body's bytes as sent.

import { isFormType } from "../engine/verify/request-parts.js";

export type ParsedPayload = { ok: true; value: unknown } | { ok: false; code: "INVALID_JSON"; error: string };

export function parsePayload(raw: Buffer, contentType: string | undefined): ParsedPayload {
  if (isFormType(contentType)) return { ok: true, value: formPayload(formFields(raw.toString("utf8"))) };
  let text = raw.toString("utf8");
  // Some senders (and editors saving the files `hookgate test` reads) put a BOM before the JSON.
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  // An empty body is `{}`: senders such as `curl -X POST` send none.
  if (text.trim() === "") return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (err) {
    // Some senders offer XML as well (Shopify's webhook format): say which setting to change.
    const why = /^\s*(application|text)\/([\w.+-]*\+)?xml\s*(;|$)/i.test(contentType ?? "")
      ? `it is XML (${contentType!.split(";")[0]!.trim()}); hookgate reads JSON and forms: choose JSON in the sender's webhook settings`
      : err instanceof Error
        ? err.message
        : String(err);
    return { ok: false, code: "INVALID_JSON", error: `body is not valid JSON: ${why}` };
  }
}

/**
 * Form fields as an object: a field sent once is a string, a repeated one a list of its values in
 * order. Built with Object.fromEntries, so a field named `__proto__` is an own property like any other.
 */
function formFields(text: string): Record<string, string | string[]> {
  const fields = new Map<string, string | string[]>();
  for (const [name, value] of new URLSearchParams(text)) {
    const seen = fields.get(name);
    if (seen === undefined) fields.set(name, value);
    else if (Array.isArray(seen)) seen.push(value);
    else fields.set(name, [seen, value]);
  }
  return Object.fromEntries(fields);
}

/** The JSON object in a form's only field `payload`, else the fields as they are. */
function formPayload(fields: Record<string, string | string[]>): unknown {
  const keys = Object.keys(fields);
  const text = fields["payload"];
  if (keys.length !== 1 || typeof text !== "string" || !text.trimStart().startsWith("{")) return fields;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" && !Array.isArray(value) ? value : fields;
  } catch {
    return fields;
  }
}
