// Reading what verifiers need from a request: header text, a timestamp, a delivery id, form fields.
import { readPath } from "../logic.js";
import type { RawHeaders, VerifyInput } from "./types.js";

/** A header's value as one string (repeated headers joined with ", "); undefined when absent or empty. */
export function headerText(headers: RawHeaders, name: string): string | undefined {
  const v = headers[name];
  const text = typeof v === "string" ? v : Array.isArray(v) ? v.join(", ") : undefined;
  return text === undefined || text.trim() === "" ? undefined : text.trim();
}

/**
 * A Unix time in seconds from a header or body value: digits in seconds, or in milliseconds when it
 * is too large to be seconds (Linear and some senders use milliseconds). Undefined when it is not one.
 */
export function unixSeconds(value: unknown): number | undefined {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (!/^\d{1,16}$/.test(text)) return undefined;
  const n = Number(text);
  return n > 99_999_999_999 ? Math.floor(n / 1000) : n;
}

/** Whether a signed time is within `toleranceSeconds` of now, either way. */
export function withinTolerance(seconds: number, nowMs: number, toleranceSeconds: number): boolean {
  return Math.abs(nowMs / 1000 - seconds) <= toleranceSeconds;
}

/** Where a scheme finds its delivery id: the first header present, else a field of the verified body. */
export interface IdSource {
  headers: readonly string[];
  field?: string;
}

/** The delivery id of a verified request: a non-empty string of at most 256 characters, else none. */
export function deliveryId(source: IdSource, input: VerifyInput): string | undefined {
  for (const name of source.headers) {
    const v = headerText(input.headers, name);
    if (v !== undefined) return v.length <= 256 ? v : undefined;
  }
  if (source.field === undefined) return undefined;
  const v = readPath(input.payload(), source.field, undefined);
  const text = typeof v === "string" ? v : typeof v === "number" && Number.isFinite(v) ? String(v) : "";
  return text !== "" && text.length <= 256 ? text : undefined;
}

/** Whether a Content-Type names a form body (Slack slash commands, Twilio). */
export function isFormType(contentType: string | undefined): boolean {
  return contentType !== undefined && /^\s*application\/x-www-form-urlencoded\s*(;|$)/i.test(contentType);
}

/** Whether a request's body is a form. */
export function isForm(headers: RawHeaders): boolean {
  return isFormType(headerText(headers, "content-type"));
}
