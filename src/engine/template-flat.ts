// A direct renderer for the most common template shape: text and plain data references
// (`{{payload.alertname}} on {{headers.x-host}}`), with no blocks, helpers with arguments, comments
// or @data names. Handlebars sets up its runtime afresh on every render (helpers merged and wrapped,
// prototype-access tables built), which costs many times the render itself; a template of this shape
// needs none of it. The output is the same as Handlebars' for the same parsed tree: each reference
// is looked up segment by segment as Handlebars' own property lookup does (own properties only, a
// missing or null step ends the path), formatted by the same formatter and charged to the same
// budget. Anything else returns undefined and renders through Handlebars.
import type { WorkBudget } from "./budget.js";
import { FORMAT_HELPER, formatValue } from "./template-helpers.js";

/** The private @data name template.ts rewrites blocked paths to; it never holds a value. */
const NOTHING = "hookgateNothing";

/** A reference: its path, and whether its first name is read from the data even when lazy. */
interface Reference {
  parts: readonly string[];
  fromData: boolean;
}

type Piece = string | Reference;

export type FlatRender = (data: Record<string, unknown>, budget: WorkBudget) => string;

/** Where template.ts keeps what a path's first name reads. */
export interface DataLayout {
  /** Names always read from the data itself (the roots). */
  roots: ReadonlySet<string>;
  /** Names never read from the payload (they resolve to nothing). */
  blocked: ReadonlySet<string>;
  /**
   * For data whose payload keys are not copied in (template.ts copies them only for Handlebars):
   * the payload when other names are read from it, null when they read nothing; undefined for data
   * that holds every name itself.
   */
  lazyPayload(data: Record<string, unknown>): object | null | undefined;
}

/**
 * The renderer of a program rewritten by template.ts (every output wrapped in the format helper),
 * when it has the flat shape; else undefined.
 */
export function flatRenderer(program: hbs.AST.Program, layout: DataLayout): FlatRender | undefined {
  const pieces: Piece[] = [];
  for (const stmt of program.body) {
    if (stmt.type === "ContentStatement") {
      pieces.push((stmt as hbs.AST.ContentStatement).value);
      continue;
    }
    if (stmt.type !== "MustacheStatement") return undefined;
    const path = referenceOf(stmt as hbs.AST.MustacheStatement);
    if (path === undefined) return undefined;
    // A blocked path renders nothing and charges nothing.
    if (path !== null) pieces.push({ parts: path, fromData: layout.roots.has(path[0]!) });
  }
  const merged = mergeText(pieces);
  if (merged.length === 1 && typeof merged[0] === "string") {
    const text = merged[0];
    return () => text;
  }
  return (data, budget) => {
    const payload = layout.lazyPayload(data);
    let out = "";
    for (const piece of merged) {
      if (typeof piece === "string") {
        out += piece;
        continue;
      }
      const name = piece.parts[0]!;
      const start =
        payload === undefined || piece.fromData
          ? lookup(data, name)
          : payload === null || layout.blocked.has(name)
            ? undefined
            : lookup(payload, name);
      const text = formatValue(resolve(start, piece.parts));
      budget.produce(text.length);
      out += text;
    }
    return out;
  };
}

/**
 * The path segments of `{{fmt some.path}}`, null for the rewritten blocked path, undefined for any
 * other mustache.
 */
function referenceOf(m: hbs.AST.MustacheStatement): readonly string[] | null | undefined {
  const head = m.path as hbs.AST.PathExpression;
  if (head.type !== "PathExpression" || head.data || head.parts.length !== 1) return undefined;
  if (head.parts[0] !== FORMAT_HELPER || m.params.length !== 1 || (m.hash?.pairs.length ?? 0) > 0) {
    return undefined;
  }
  const arg = m.params[0] as hbs.AST.PathExpression;
  if (arg.type !== "PathExpression") return undefined;
  if (arg.data) return arg.parts.length === 1 && arg.parts[0] === NOTHING ? null : undefined;
  if (arg.depth !== 0 || arg.parts.length === 0) return undefined;
  return [...arg.parts];
}

function mergeText(pieces: Piece[]): Piece[] {
  const out: Piece[] = [];
  for (const piece of pieces) {
    const last = out[out.length - 1];
    if (typeof piece === "string" && typeof last === "string") out[out.length - 1] = last + piece;
    else if (piece !== "") out.push(piece);
  }
  return out.length === 0 ? [""] : out;
}

const hasOwn = Object.prototype.hasOwnProperty;

/** Handlebars' lookup with prototype access off: own properties only, never a prototype's constructor. */
function lookup(parent: unknown, name: string): unknown {
  const result = (parent as Record<string, unknown>)[name];
  if (result === null || result === undefined) return result;
  if (!hasOwn.call(parent, name)) return undefined;
  if (name === "constructor" && typeof result === "function" && parent === result.prototype) return undefined;
  return result;
}

/** The rest of a path from the value of its first name. */
function resolve(start: unknown, parts: readonly string[]): unknown {
  let value = start;
  for (let i = 1; i < parts.length; i++) {
    if (value === null || value === undefined) return value;
    value = lookup(value, parts[i]!);
  }
  return value;
}
