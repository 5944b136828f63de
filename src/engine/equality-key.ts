// The equality key of a rule's `when`: the one field and string it tests first, when it has one. Rules
// keyed on the same field are dispatched together by one lookup (dispatch.ts).
import { isObject } from "../core/is-object.js";

/** A rule's `when` is, or begins with (top-level `and`), `{"==" | "===": [{"var": path}, "text"]}`. */
export interface EqualityKey {
  path: string;
  value: string;
}

/** The equality key of a `when`, if it has one. */
export function equalityKey(expr: unknown): EqualityKey | undefined {
  if (!isObject(expr)) return undefined;
  const ops = Object.keys(expr);
  if (ops.length !== 1) return undefined;
  const op = ops[0]!;
  const args = expr[op];
  if (op === "and") return Array.isArray(args) && args.length > 0 ? equalityKey(args[0]) : undefined;
  if ((op !== "==" && op !== "===") || !Array.isArray(args) || args.length !== 2) return undefined;
  // Either order: `{"==": [{"var": p}, "x"]}` or `{"==": ["x", {"var": p}]}`.
  const [ref, literal] = varPath(args[0]) !== undefined ? args : [args[1], args[0]];
  const path = varPath(ref);
  // For strings, loose and strict equality agree; a non-string read falls back to full evaluation.
  return path !== undefined && typeof literal === "string" ? { path, value: literal } : undefined;
}

function varPath(v: unknown): string | undefined {
  if (!isObject(v) || Object.keys(v).length !== 1) return undefined;
  const key = v.var;
  const path = Array.isArray(key) ? (key.length === 1 ? key[0] : undefined) : key;
  return typeof path === "string" && path !== "" ? path : undefined;
}
