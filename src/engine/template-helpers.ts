// Template output formatting and the helpers templates may call. Every function here is total:
// whatever the payload holds, it returns a string or a value and never throws.
import { BLOCKED_SEGMENTS } from "./logic.js";

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
    return safeJson(value, spaces);
  },
  /** `{{default subject "(no subject)"}}`: the first argument that is not missing or empty. */
  default: (...args) => {
    const vals = values(args);
    return vals.find((v) => !isEmpty(v)) ?? vals[vals.length - 1];
  },
  /** `{{truncate body 200}}`: at most 200 characters, `…` marking a cut. */
  truncate: (...args) => {
    const [value, max] = values(args);
    return truncateText(formatValue(value), typeof max === "number" ? max : Number(max));
  },
  lower: (...args) => formatValue(values(args)[0]).toLowerCase(),
  upper: (...args) => formatValue(values(args)[0]).toUpperCase(),
  /** `{{join labels ", "}}`; the separator defaults to `, `. */
  join: (...args) => {
    const [list, sep] = values(args);
    if (!Array.isArray(list)) return formatValue(list);
    return list.map(formatValue).join(typeof sep === "string" ? sep : ", ");
  },
  /** `{{#if (eq action "opened")}}`: equal values; a number equals its decimal string (headers are text). */
  eq: (...args) => {
    const [a, b] = values(args);
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
  if (value === null || typeof value !== "object" || Array.isArray(value)) return value;
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
