// Fan-out: a mapping's `forEach` path names an array in the data its templates see, and the mapping
// builds one action per element. Compiled once at load; per request it only reads the path and
// tells what it found: the elements, nothing to do (204), or more than the cap (413).
import { shortValue } from "./explain.js";
import { BLOCKED_SEGMENTS, pathReader } from "./logic.js";
import { type TemplateData, withPayloadKeys } from "./template.js";

/** Elements one request may fan out into unless the mapping sets forEachMax. */
const FOR_EACH_DEFAULT_MAX = 100;

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
 * template paths; `[]` takes every element of the array there, and what follows from each of them,
 * all in one list (`entry[].changes[].value.messages`: the messages of every change of every entry).
 * Returns the problem with the path, or the compiled reader.
 */
export function compileForEach(path: string, max: number | undefined): CompiledForEach | string {
  const notAPath = `forEach "${path}" is not a path; write keys separated by dots, such as messages, data.items or entry[].messages`;
  const pieces = path.trim().split("[]");
  const readers: Array<(value: unknown) => unknown> = [];
  for (const [i, piece] of pieces.entries()) {
    // After a `[]` comes a key (`.changes`) or the end of the path.
    if (i > 0 && piece !== "" && !piece.startsWith(".")) return notAPath;
    const normalised = (i > 0 ? piece.slice(1) : piece).replace(/\[(\d+)\]/g, ".$1");
    if (normalised === "") {
      // Only a trailing `[]` may stand alone: `messages[]` is `messages`.
      if (i === 0 || i < pieces.length - 1) return notAPath;
      continue;
    }
    const parts = normalised.split(".");
    if (parts.some((p) => p === "")) return notAPath;
    const blocked = parts.find((p) => BLOCKED_SEGMENTS.has(p));
    if (blocked !== undefined) return `forEach "${path}" goes through ${blocked}, which is never readable`;
    readers.push(pathReader(normalised, undefined));
  }
  if (readers.length === 1) return { path, max: max ?? FOR_EACH_DEFAULT_MAX, read: readers[0]! };
  return { path, max: max ?? FOR_EACH_DEFAULT_MAX, read: spread(readers) };
}

/**
 * Reads through `[]` steps: each step but the last reads an array from every value so far and goes on
 * with all their elements; the last step's arrays are joined. A value without the step's key adds
 * nothing; anything but an array where one is needed is the answer, so that it is reported.
 */
function spread(readers: ReadonlyArray<(value: unknown) => unknown>): (data: unknown) => unknown {
  return (data) => {
    let values: unknown[] = [data];
    for (const read of readers) {
      const next: unknown[] = [];
      for (const value of values) {
        const found = read(value);
        if (found === undefined || found === null) continue;
        if (!Array.isArray(found)) return found;
        for (const item of found) next.push(item);
      }
      values = next;
    }
    return values;
  };
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
