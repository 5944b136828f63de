// `${param:NAME}` in a pack's verify, challenge and mappings, replaced once at load. A string that is
// exactly one reference becomes the parameter's typed value (so an array can stand in a JsonLogic `in`),
// or disappears with its key when the parameter has no value (not inside a match or a list: there it
// is an error); a reference inside a longer string is
// interpolated (strings, numbers and booleans only). `$${param:NAME}` stays as the literal text.
import type { PathSegment } from "../source/key-path.js";

const WHOLE = /^\$\{param:([^}]*)\}$/;
const ANY = /\$(\$?)\{param:([^}]*)\}/g;

export interface SubstitutionProblem {
  path: PathSegment[];
  message: string;
}

/** Names of the parameters a value refers to (for checks and messages). */
export function paramReferences(value: unknown): string[] {
  const names = new Set<string>();
  walkStrings(value, (text) => {
    for (const m of text.matchAll(ANY)) if (!m[1]) names.add(m[2]!);
  });
  return [...names];
}

/** Every `${param:NAME}` whose NAME the pack does not declare, with its key path. */
export function unknownReferences(
  value: unknown,
  declared: ReadonlySet<string>,
  path: PathSegment[],
): { path: PathSegment[]; name: string }[] {
  const out: { path: PathSegment[]; name: string }[] = [];
  walkStrings(
    value,
    (text, at) => {
      for (const m of text.matchAll(ANY))
        if (!m[1] && !declared.has(m[2]!)) out.push({ path: at, name: m[2]! });
    },
    path,
  );
  return out;
}

/**
 * `value` with the references replaced by `values` (a parameter without a value is absent from it).
 * Unknown names are reported by unknownReferences, at read time; here they count as having no value.
 */
export function substituteParams(
  value: unknown,
  values: Readonly<Record<string, unknown>>,
  path: PathSegment[],
  problems: SubstitutionProblem[],
): unknown {
  const has = (name: string) => Object.hasOwn(values, name) && values[name] !== undefined;
  const walk = (node: unknown, at: PathSegment[]): unknown => {
    if (typeof node === "string") {
      const whole = WHOLE.exec(node);
      if (whole) {
        if (has(whole[1]!)) return structuredClone(values[whole[1]!]);
        // Dropping a key from a match (a path that catches every hook, a `when` operand) or an item
        // from a list would change what the mapping takes, silently: that needs a value.
        if (at.includes("match") || typeof at[at.length - 1] === "number") {
          problems.push({
            path: at,
            message: `\${param:${whole[1]}} has no value and cannot be left out here (in a match or a list); give the parameter a value or a default`,
          });
        }
        return REMOVED;
      }
      if (!node.includes("{param:")) return node;
      return node.replace(ANY, (text, escaped: string, name: string) => {
        if (escaped) return text.slice(1);
        if (!has(name)) return "";
        const v = values[name];
        if (typeof v === "string" || typeof v === "number" || typeof v === "boolean") return String(v);
        problems.push({
          path: at,
          message: `\${param:${name}} is an array and cannot be part of a longer string; use it as the whole value ("\${param:${name}}")`,
        });
        return "";
      });
    }
    if (Array.isArray(node)) {
      return node.map((item, i) => walk(item, [...at, i])).filter((item) => item !== REMOVED);
    }
    if (node !== null && typeof node === "object") {
      const out: Record<string, unknown> = {};
      for (const [key, item] of Object.entries(node)) {
        const v = walk(item, [...at, key]);
        if (v !== REMOVED) out[key] = v;
      }
      return out;
    }
    return node;
  };
  const out = walk(value, path);
  return out === REMOVED ? undefined : out;
}

const REMOVED = Symbol("removed");

/** Calls `visit` with each string inside `node` and its key path. */
export function walkStrings(
  node: unknown,
  visit: (text: string, path: PathSegment[]) => void,
  path: PathSegment[] = [],
): void {
  if (typeof node === "string") visit(node, path);
  else if (Array.isArray(node)) {
    for (const [i, item] of node.entries()) walkStrings(item, visit, [...path, i]);
  } else if (node !== null && typeof node === "object") {
    for (const [key, item] of Object.entries(node)) walkStrings(item, visit, [...path, key]);
  }
}
