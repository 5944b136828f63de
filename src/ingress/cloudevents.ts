// CloudEvents 1.0 over HTTP, read into what rules see: the context attributes as `ce` (`ce.type`,
// `ce.source`, extensions) and `data` as the payload. Three modes:
//   binary:     attributes in `ce-*` headers, the body is `data` (its Content-Type is datacontenttype);
//   structured: `application/cloudevents+json`, one JSON object with the attributes and `data` (or
//               `data_base64`);
//   batch:      `application/cloudevents-batch+json`, a JSON array of structured events.
// A request in none of these modes is not a CloudEvent and is read as before.
import { isObject } from "../core/is-object.js";
import { headerText } from "../engine/verify/request-parts.js";
import type { RawHeaders } from "../engine/verify/types.js";
import { parsePayload } from "./payload.js";

/** One event: its context attributes (specversion, id, source, type, ... extensions) and its data. */
export interface CloudEvent {
  attributes: Record<string, unknown>;
  data: unknown;
}

export type CloudEventsRead =
  | { mode: "none" }
  | { mode: "binary" | "structured"; event: CloudEvent }
  | { mode: "batch"; events: CloudEvent[] }
  | { mode: "invalid"; error: string };

const STRUCTURED = /^\s*application\/cloudevents\+json\s*(;|$)/i;
const BATCH = /^\s*application\/cloudevents-batch\+json\s*(;|$)/i;
/** Bodies read as JSON (or a form): anything else is `data` as text. */
const JSON_OR_FORM = /^\s*(application\/(json|[\w.-]+\+json|x-www-form-urlencoded)|text\/json)\s*(;|$)/i;
const REQUIRED = ["id", "source", "type"] as const;
/** Attribute names: lower-case letters and digits (CloudEvents 1.0, at most 20 recommended). */
const NAME = /^[a-z0-9]{1,64}$/;

/** Which mode a request is in, from its headers alone. */
function cloudEventsMode(headers: RawHeaders): "binary" | "structured" | "batch" | "none" {
  const type = headerText(headers, "content-type") ?? "";
  if (STRUCTURED.test(type)) return "structured";
  if (BATCH.test(type)) return "batch";
  return headerText(headers, "ce-specversion") !== undefined ? "binary" : "none";
}

/** The events of a request's raw body, or why it is not a valid CloudEvents request. */
export function readCloudEvents(headers: RawHeaders, raw: Buffer): CloudEventsRead {
  const mode = cloudEventsMode(headers);
  if (mode === "none") return { mode };
  if (mode === "binary") {
    const attributes: Record<string, unknown> = {};
    for (const name of Object.keys(headers)) {
      const key = name.toLowerCase();
      if (!key.startsWith("ce-")) continue;
      const value = headerText(headers, name);
      if (value !== undefined) attributes[key.slice(3)] = value;
    }
    const contentType = headerText(headers, "content-type");
    if (contentType !== undefined) attributes["datacontenttype"] = contentType;
    const problem = attributeProblem(attributes);
    if (problem) return { mode: "invalid", error: `CloudEvent (binary mode): ${problem}` };
    let data: unknown;
    if (raw.length === 0) data = undefined;
    else if (contentType === undefined || JSON_OR_FORM.test(contentType)) {
      const parsed = parsePayload(raw, contentType);
      if (!parsed.ok) return { mode: "invalid", error: `CloudEvent (binary mode) data: ${parsed.error}` };
      data = parsed.value;
    } else data = raw.toString("utf8");
    return { mode, event: { attributes, data } };
  }
  const parsed = parsePayload(raw, "application/json");
  if (!parsed.ok) return { mode: "invalid", error: parsed.error };
  if (mode === "structured") {
    const event = structuredEvent(parsed.value);
    return typeof event === "string"
      ? { mode: "invalid", error: `CloudEvent (structured mode): ${event}` }
      : { mode, event };
  }
  if (!Array.isArray(parsed.value)) {
    return { mode: "invalid", error: "CloudEvents batch: the body must be a JSON array of events" };
  }
  const events: CloudEvent[] = [];
  for (const [i, item] of parsed.value.entries()) {
    const event = structuredEvent(item);
    if (typeof event === "string")
      return { mode: "invalid", error: `CloudEvents batch: event ${i}: ${event}` };
    events.push(event);
  }
  return { mode, events };
}

/** A structured event's attributes and data, or what is wrong with it. */
function structuredEvent(value: unknown): CloudEvent | string {
  if (!isObject(value)) return "an event must be a JSON object";
  const attributes: Record<string, unknown> = {};
  let data: unknown;
  for (const [key, v] of Object.entries(value)) {
    if (key === "data") data = v;
    else if (key !== "data_base64") attributes[key] = v;
  }
  const problem = attributeProblem(attributes);
  if (problem) return problem;
  const b64 = value["data_base64"];
  if (b64 !== undefined) {
    if (data !== undefined) return "give data or data_base64, not both";
    if (typeof b64 !== "string") return "data_base64 must be a string";
    const bytes = Buffer.from(b64, "base64");
    const type =
      typeof attributes["datacontenttype"] === "string" ? attributes["datacontenttype"] : undefined;
    if (type !== undefined && JSON_OR_FORM.test(type)) {
      const parsed = parsePayload(bytes, type);
      if (!parsed.ok) return `data_base64: ${parsed.error}`;
      data = parsed.value;
    } else data = bytes.toString("utf8");
  }
  return { attributes, data };
}

/** What is wrong with a set of attributes: the spec version, a required one, a name. */
function attributeProblem(attributes: Record<string, unknown>): string | undefined {
  const version = attributes["specversion"];
  if (version !== "1.0") {
    return version === undefined
      ? "specversion is required (1.0)"
      : `specversion ${JSON.stringify(version)} is not supported; hookgate reads CloudEvents 1.0`;
  }
  for (const name of REQUIRED) {
    const v = attributes[name];
    if (typeof v !== "string" || v === "") return `${name} is required: a non-empty string`;
  }
  for (const name of Object.keys(attributes)) {
    if (!NAME.test(name))
      return `attribute name ${JSON.stringify(name)} is not lower-case letters and digits`;
  }
  return undefined;
}

/**
 * The delivery id of an event: its source and id, which together identify it (CloudEvents 1.0). The
 * source is a URI reference, which holds no space, so the space keeps the pair unambiguous.
 */
export function cloudEventDeliveryId(attributes: Record<string, unknown>): string {
  return `${String(attributes["source"])} ${String(attributes["id"])}`;
}
