// A mapping's flow control, compiled at load: the key templates of dedupe and coalesce, their windows,
// and the template a coalesced run's message is made with. Keys are rendered per action (per element
// of a forEach), so that each element of a batch is deduplicated or merged on its own.
import { parseDuration } from "../config/resolve/duration.js";
import { sha256 } from "../core/digest.js";
import type { CompiledTemplate, TemplateData } from "./template.js";
import type { CompiledFlow, FlowKeys, FlowRate } from "./types.js";

export type { CompiledFlow, FlowKeys, FlowRate };

/** Longest dedupe window: keys are rows in the store, kept no longer than a month. */
export const DEDUPE_MAX_MS = 30 * 86_400_000;
/** Longest coalesce window: a held run should not wait more than a day. */
export const COALESCE_MAX_MS = 86_400_000;
/** Longest rate period: a month, as for dedupe keys. */
export const RATE_PER_MAX_MS = 30 * 86_400_000;
/** Requests one window holds when the mapping does not say. */
export const COALESCE_DEFAULT_MAX = 50;

/** One request merged into a coalesce window: its message (wake: text) and when it came (epoch ms). */
export interface CoalescedItem {
  message: string;
  at: number;
}

/** Longest key kept: a longer rendered key is kept as its first part and a digest of the whole. */
const KEY_MAX = 512;

/**
 * Rendered and trimmed; an empty key is no key (the action then passes as if unflowed). NUL, which
 * PostgreSQL text cannot hold, reads as U+FFFD in both stores.
 */
export function flowKeys(flow: CompiledFlow, data: TemplateData): FlowKeys | undefined {
  const keys: FlowKeys = {};
  const dedupe = flow.dedupe && storedKey(flow.dedupe.key(data));
  if (dedupe) keys.dedupe = dedupe;
  const coalesce = flow.coalesce && storedKey(flow.coalesce.key(data));
  if (coalesce) keys.coalesce = coalesce;
  return keys.dedupe !== undefined || keys.coalesce !== undefined ? keys : undefined;
}

function storedKey(rendered: string): string {
  let key = rendered.trim();
  // A key without NUL (all but a crafted one) skips replaceAll, which costs far more than the search.
  if (key.includes("\u0000")) key = key.replaceAll("\u0000", "\ufffd");
  if (key.length <= KEY_MAX) return key;
  return `${key.slice(0, 64)}…${sha256(key).toString("base64url")}`;
}

/**
 * The message of a coalesced run (or text of a coalesced wake): the mapping's coalesceTemplate over
 * `items`, `count` and `key`, else the messages in arrival order.
 */
export function composeCoalesced(
  template: CompiledTemplate | undefined,
  items: readonly CoalescedItem[],
  key: string,
  separator: string,
): string {
  if (!template) return items.map((i) => i.message).join(separator);
  const list = items.map((i) => ({ message: i.message, at: new Date(i.at).toISOString() }));
  const fields = { items: list, count: items.length, key };
  return template({ ...fields, payload: fields }).trim();
}

/**
 * A coalesceTemplate as what renders a window's items (with a template the separator is not used),
 * made once when the rule compiles.
 */
export function itemsRenderer(
  template: CompiledTemplate,
): (items: readonly CoalescedItem[], key: string) => string {
  return (items, key) => composeCoalesced(template, items, key, "");
}

/**
 * The coalesceTemplate of the rule whose id is `scope` (a flow's scope is its mapping's id), as what
 * renders a window's items when the window ends on time; undefined when that rule has none (any more).
 */
export function coalesceTemplateOf(
  rules: ReadonlyArray<{ id: string; flow?: CompiledFlow }>,
  scope: string,
): ((items: readonly CoalescedItem[], key: string) => string) | undefined {
  return rules.find((r) => r.id === scope)?.flow?.coalesce?.render;
}

/** A window as the schema takes it, checked against the longest one; else the sentence for the issue. */
export function flowWindowMs(window: string, maxMs: number, maxText: string): number | string {
  const ms = parseDuration(window);
  if (ms === undefined || ms <= 0) return `window must be a duration above 0 such as 30s, 2m or 72h`;
  if (ms > maxMs) return `window ${window} is longer than ${maxText}`;
  return ms;
}
