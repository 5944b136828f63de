// Template output formatting and the helpers templates may call. Every function here is total:
// whatever the payload holds, it returns a string or a value and never throws, except that text
// it makes is charged to the render's budget (template-budget.ts), which throws when it runs out.
import { isObject } from "../core/is-object.js";
import { BLOCKED_SEGMENTS } from "./logic.js";
import { budgetOf, charged } from "./template-budget.js";

// Own keys named like prototype members are left out of output, as they are from path lookups.
const dropBlocked = (key: string, value: unknown): unknown => (BLOCKED_SEGMENTS.has(key) ? undefined : value);

/** JSON text of a value, compact or indented; `` for undefined and for values JSON cannot hold. */
function safeJson(value: unknown, indent?: number): string {
  try {
    return JSON.stringify(value, dropBlocked, indent) ?? "";
  } catch {
    // Too deep for the stack (or otherwise unserialisable): render nothing rather than fail the hook.
    return "";
  }
}

/** How a value appears in output: missing → ``, objects and arrays → compact JSON. */
export function formatValue(value: unknown): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "string") return value;
  if (typeof value === "object") return safeJson(value);
  if (typeof value === "function" || typeof value === "symbol") return "";
  return String(value);
}

/** Handlebars passes its options object as the last argument; helpers only want the values. */
function values(args: unknown[]): unknown[] {
  return args.slice(0, -1);
}

/** The options object Handlebars passes last (it carries the render's budget). */
function optionsOf(args: unknown[]): unknown {
  return args[args.length - 1];
}

const [QUOTE, BACKSLASH, COMMA, COLON] = [0x22, 0x5c, 0x2c, 0x3a];
const [OPEN_LIST, CLOSE_LIST, OPEN_OBJECT, CLOSE_OBJECT] = [0x5b, 0x5d, 0x7b, 0x7d];

/**
 * Length of JSON.stringify(value, replacer, indent) worked out from the compact text, so a deeply
 * nested payload cannot make an indented copy many times its size before the budget sees it.
 * Indenting adds a line break and the depth's indent after `[`, `{` and `,` and before `]`, `}`
 * (empty `[]` and `{}` stay as they are), and a space after `:`.
 */
export function indentedLength(compact: string, indent: number): number {
  let extra = 0;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < compact.length; i++) {
    const c = compact.charCodeAt(i);
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_LIST || c === OPEN_OBJECT) {
      const next = compact.charCodeAt(i + 1);
      if (next === CLOSE_LIST || next === CLOSE_OBJECT) i++;
      else extra += 1 + ++depth * indent;
    } else if (c === CLOSE_LIST || c === CLOSE_OBJECT) {
      extra += 1 + --depth * indent;
    } else if (c === COMMA) {
      extra += 1 + depth * indent;
    } else if (c === COLON) {
      extra += 1;
    }
  }
  return compact.length + extra;
}

/** JSON text of a value, charged to the budget; indented only when the indented size fits it. */
function chargedJson(options: unknown, value: unknown, indent?: number): string {
  const compact = safeJson(value);
  const spaces = indent === undefined ? 0 : Math.floor(indent);
  if (spaces <= 0) return charged(options, compact);
  budgetOf(options)?.produce(indentedLength(compact, spaces));
  return safeJson(value, spaces);
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === "";
}

/** Cuts a string to at most `max` characters, ending with `…` when cut, never splitting a surrogate pair. */
function truncateText(text: string, max: number): string {
  if (!Number.isFinite(max) || max < 0 || text.length <= max) return text;
  if (max === 0) return "";
  let end = max - 1;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

/** Helpers by name; all are also declared as known so knownHelpersOnly accepts them. */
export const templateHelpers: Record<string, (...args: unknown[]) => unknown> = {
  /** `{{json payload}}`, `{{json payload 2}}` (indented). */
  json: (...args) => {
    const [value, indent] = values(args);
    const spaces = typeof indent === "number" && indent >= 0 && indent <= 10 ? indent : undefined;
    return chargedJson(optionsOf(args), value, spaces);
  },
  /** `{{default subject "(no subject)"}}`: the first argument that is not missing or empty. */
  default: (...args) => {
    const vals = values(args);
    return vals.find((v) => !isEmpty(v)) ?? vals[vals.length - 1];
  },
  /** `{{truncate body 200}}`: at most 200 characters, `…` marking a cut. */
  truncate: (...args) => {
    const [value, max] = values(args);
    // The whole value is turned into text first (JSON for objects): that is the work to charge.
    const text = charged(optionsOf(args), formatValue(value));
    return truncateText(text, typeof max === "number" ? max : Number(max));
  },
  lower: (...args) => charged(optionsOf(args), formatValue(values(args)[0]).toLowerCase()),
  upper: (...args) => charged(optionsOf(args), formatValue(values(args)[0]).toUpperCase()),
  /** `{{join labels ", "}}`; the separator defaults to `, `. */
  join: (...args) => {
    const [list, sep] = values(args);
    const text = Array.isArray(list)
      ? list.map(formatValue).join(typeof sep === "string" ? sep : ", ")
      : formatValue(list);
    return charged(optionsOf(args), text);
  },
  /** `{{#if (eq action "opened")}}`: equal values; a number equals its decimal string (headers are text). */
  eq: (...args) => {
    const [a, b] = values(args);
    // Comparing two long strings of one length reads them: a loop of such tests is work to charge.
    if (typeof a === "string" && typeof b === "string" && a.length === b.length) {
      budgetOf(optionsOf(args))?.produce(a.length);
    }
    if (a === b) return true;
    const numeric = (x: unknown) => typeof x === "number" || typeof x === "string";
    return numeric(a) && numeric(b) && typeof a !== typeof b && String(a) === String(b);
  },
  /** Replaces the built-in: own properties only, and never a blocked name. */
  lookup: (...args) => {
    const [obj, key] = values(args);
    if (obj === null || typeof obj !== "object") return undefined;
    const name = String(key);
    if (BLOCKED_SEGMENTS.has(name) || !Object.hasOwn(obj, name)) return undefined;
    return (obj as Record<string, unknown>)[name];
  },
};

/** An object without own keys named like prototype members (copied only when it has one). */
export function withoutBlockedKeys(value: unknown): unknown {
  if (!isObject(value)) return value;
  let blocked = false;
  for (const name of BLOCKED_SEGMENTS) if (Object.hasOwn(value, name)) blocked = true;
  if (!blocked) return value;
  const copy: Record<string, unknown> = Object.create(null);
  for (const key of Object.keys(value)) {
    if (!BLOCKED_SEGMENTS.has(key)) copy[key] = (value as Record<string, unknown>)[key];
  }
  return copy;
}

/** Internal helper every output expression is wrapped in (see template.ts). */
export const FORMAT_HELPER = "hookgate-format";
