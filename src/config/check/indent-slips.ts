// A YAML indentation slip that still parses moves keys to the wrong object, and the schema then
// reports every moved key (plus a missing required one) — seven errors for one slip. This finds the
// two shapes such a slip leaves and turns each into one error at the first moved key, saying which
// way to move the lines; the schema errors it explains are dropped.
//
//   deeper:   match:                     shallower:  match:
//               path: ci                             path: ci
//               action: agent                        when: ...
//   `action` is unknown in match but a      match is null, and `path` and `when` are unknown
//   missing key of the mapping.             in the mapping but keys of match.
import { isObject } from "../../core/is-object.js";
import { type ConfigIssue, issueAt, type SourceRef } from "../issues.js";
import { formatKeyPath, type PathSegment } from "../source/key-path.js";
import { formatFromExtension } from "../source/parse.js";
import type { JsonSchema } from "./schemas.js";

export interface IndentSlip {
  issue: ConfigIssue;
  /** Key paths whose schema errors the slip explains (each one and everything below it). */
  explains: PathSegment[][];
}

/** Resolves a `$ref` of the schema being walked to the schema it names. */
export type ResolveRef = (ref: string) => JsonSchema | undefined;

export function findIndentSlips(
  data: unknown,
  schema: JsonSchema,
  resolveRef: ResolveRef,
  source: SourceRef,
): IndentSlip[] {
  const slips: IndentSlip[] = [];
  // Indentation means nothing in JSON.
  if (source.file === undefined || formatFromExtension(source.file) !== "yaml") return slips;
  const deref = (s: JsonSchema | undefined): JsonSchema | undefined => {
    let current = s;
    for (let i = 0; i < 10 && typeof current?.["$ref"] === "string"; i++) {
      current = resolveRef(current["$ref"]);
    }
    return current;
  };
  const walk = (node: unknown, raw: JsonSchema | undefined, path: PathSegment[]): void => {
    const s = deref(raw);
    if (!s) return;
    if (Array.isArray(node)) {
      const items = s["items"] as JsonSchema | undefined;
      for (const [i, item] of node.entries()) walk(item, items, [...path, i]);
      return;
    }
    if (!isObject(node)) return;
    const props = s["properties"] as Record<string, JsonSchema> | undefined;
    const extra = s["additionalProperties"];
    for (const [key, value] of Object.entries(node)) {
      const child = props?.[key] ?? (isObject(extra) ? (extra as JsonSchema) : undefined);
      if (props && key in props) {
        const slip = slipAt(node, props, key, value, deref(props[key]), path, source);
        if (slip) slips.push(slip);
      }
      walk(value, child, [...path, key]);
    }
  };
  walk(data, schema, []);
  return slips;
}

function slipAt(
  node: Record<string, unknown>,
  props: Record<string, JsonSchema>,
  key: string,
  value: unknown,
  keySchema: JsonSchema | undefined,
  parent: PathSegment[],
  source: SourceRef,
): IndentSlip | undefined {
  const childProps = keySchema?.["properties"] as Record<string, JsonSchema> | undefined;
  if (!childProps) return undefined;
  const at = [...parent, key];
  const keyAt = source.locate?.(at, { key: true });
  if (!keyAt) return undefined;
  const columnText = ` (column ${keyAt.column})`;
  const owner = parent.length > 0 ? formatKeyPath(parent) : "the top level";
  // Only keys on later lines, in the column the slip puts them (not `{ a: 1 }` flow style on one line).
  const placed = (path: PathSegment[], column: (c: number) => boolean) => {
    const pos = source.locate?.(path, { key: true });
    return pos !== undefined && pos.line > keyAt.line && column(pos.column);
  };

  if (value === null) {
    const moved = Object.keys(node).filter(
      (k) => !(k in props) && k in childProps && placed([...parent, k], (c) => c === keyAt.column),
    );
    if (moved.length === 0) return undefined;
    return {
      issue: issueAt(
        "error",
        source,
        at,
        `${key} is empty, and ${list(moved)} below it ${moved.length === 1 ? "starts" : "start"} in its column, so ${moved.length === 1 ? "it counts" : "they count"} as ${moved.length === 1 ? "a key" : "keys"} of ${owner} (unknown there); indent ${moved.length === 1 ? "it" : "them"} deeper than ${key}${columnText} to put ${moved.length === 1 ? "it" : "them"} under it`,
        { key: true },
      ),
      explains: [at, ...moved.map((k) => [...parent, k])],
    };
  }
  if (isObject(value) && keySchema?.["additionalProperties"] === false) {
    const moved = Object.keys(value).filter(
      (k) => !(k in childProps) && k in props && !(k in node) && placed([...at, k], (c) => c > keyAt.column),
    );
    if (moved.length === 0) return undefined;
    return {
      issue: issueAt(
        "error",
        source,
        [...at, moved[0]!],
        `${list(moved)} ${moved.length === 1 ? "is" : "are"} indented under ${key}, which has no such key${moved.length === 1 ? "" : "s"}; ${moved.length === 1 ? "it is a key" : "they are keys"} of ${owner}: move ${moved.length === 1 ? "it" : "them"} left to the column of ${key}${columnText}`,
        { key: true },
      ),
      explains: moved.flatMap((k) => [
        [...at, k],
        [...parent, k],
      ]),
    };
  }
  return undefined;
}

function list(keys: string[]): string {
  return keys.length === 1 ? keys[0]! : `${keys.slice(0, -1).join(", ")} and ${keys[keys.length - 1]}`;
}

/** Whether the issue at `path` is one of those a slip explains. */
export function explainedBy(slips: readonly IndentSlip[], path: readonly PathSegment[]): boolean {
  return slips.some((slip) =>
    slip.explains.some((prefix) => prefix.length <= path.length && prefix.every((seg, i) => seg === path[i])),
  );
}
