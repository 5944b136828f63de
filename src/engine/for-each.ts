// Fan-out: a mapping's `forEach` path names an array in the data its templates see, and the mapping
// builds one action per element. Compiled once at load; per request it only reads the path and
// tells what it found: the elements, nothing to do (204), or more than the cap (413).
import { shortValue } from "./explain.js";
import { BLOCKED_SEGMENTS, pathReader } from "./logic.js";
import { type TemplateData, withPayloadKeys } from "./template.js";

/** Elements one request may fan out into unless the mapping sets forEachMax. */
export const FOR_EACH_DEFAULT_MAX = 100;

export interface CompiledForEach {
  /** The path as written, for messages. */
  readonly path: string;
  readonly max: number;
  readonly read: (data: TemplateData) => unknown;
}

/** What a request's data holds at the path. */
export type ForEachItems =
  | { ok: true; items: readonly unknown[] }
  | { ok: false; reason: "empty"; detail: string }
  | { ok: false; reason: "too-many"; count: number };

/**
 * `messages`, `data.items`, `payload.batch[0].events`: dots between keys, `[n]` for an index, as in
 * template paths. Returns the problem with the path, or the compiled reader.
 */
export function compileForEach(path: string, max: number | undefined): CompiledForEach | string {
  const normalised = path.trim().replace(/\[(\d+)\]/g, ".$1");
  const parts = normalised.split(".");
  if (normalised === "" || parts.some((p) => p === "")) {
    return `forEach "${path}" is not a path; write keys separated by dots, such as messages or data.items`;
  }
  const blocked = parts.find((p) => BLOCKED_SEGMENTS.has(p));
  if (blocked !== undefined) return `forEach "${path}" goes through ${blocked}, which is never readable`;
  return { path, max: max ?? FOR_EACH_DEFAULT_MAX, read: pathReader(normalised, undefined) };
}

/** The elements at the path in one request's template data. */
export function forEachItems(spec: CompiledForEach, data: TemplateData): ForEachItems {
  const value = spec.read(withPayloadKeys(data));
  if (value === undefined || value === null) {
    return { ok: false, reason: "empty", detail: `forEach ${spec.path}: the payload has no ${spec.path}` };
  }
  if (!Array.isArray(value)) {
    return {
      ok: false,
      reason: "empty",
      detail: `forEach ${spec.path}: not an array (saw ${shortValue(value)})`,
    };
  }
  if (value.length === 0) return { ok: false, reason: "empty", detail: `forEach ${spec.path}: empty array` };
  if (value.length > spec.max) return { ok: false, reason: "too-many", count: value.length };
  return { ok: true, items: value };
}
