// The request data a template reads, found in its parsed tree: payload keys, headers, query
// parameters. `hookgate validate` and `hookgate test` compare them with the payloads of a mapping's
// test cases, so that a misspelt name (`{{devce}}`, which renders empty) is warned about at load.
// Only names read from the request's root count: inside {{#each}} and {{#with}} the context is an
// element of unknown shape; a name guarded by {{#if name}} (or {{#unless}}) is optional by design;
// `this`, @index, @key, now, path, verified and ce are not read from the request.
import Handlebars from "handlebars";
import { offsetOf, originalIndex } from "./template-errors.js";
import { rewriteIndexSyntax } from "./template-source.js";

type Node = hbs.AST.Node;
type Path = hbs.AST.PathExpression;

/** One name a template reads, or the alternatives of one `default` (any of them will do). */
export interface TemplateRead {
  /** From the root of the request: ["payload", "issue", "title"], ["headers", "x-github-event"]. */
  paths: string[][];
  /** As written, e.g. `issue.titel` (the first alternative's). */
  text: string;
  /** 0-based index into the template as written. */
  index: number;
}

/** Names hookgate renders itself, or that are not always there: not read from the request. */
const NOT_READ = new Set(["now", "path", "verified", "ce"]);
const REQUEST_ROOTS = new Set(["payload", "headers", "query"]);

/** Block helpers whose body sees something other than the data they were given. */
const CONTEXT_BLOCKS = new Set(["each", "with"]);
const GUARD_BLOCKS = new Set(["if", "unless"]);

/** Where the context is the request's data (true) or an element of something (false). */
type Scopes = readonly boolean[];

/** The names `source` reads from the request; [] when it does not parse (compiling reports that). */
export function templateReads(source: string): TemplateRead[] {
  const rewritten = rewriteIndexSyntax(source);
  let program: hbs.AST.Program;
  try {
    program = Handlebars.parse(rewritten);
  } catch {
    return [];
  }
  const reads: TemplateRead[] = [];
  const indexOf = (node: Node) =>
    node.loc
      ? originalIndex(
          rewritten,
          source,
          offsetOf(rewritten, { line: node.loc.start.line, column: node.loc.start.column }),
        )
      : 0;

  /** Records a read unless an {{#if}} around it tested the same name or one above it. */
  const add = (paths: string[][], node: Path, guards: readonly string[][]) => {
    if (paths.some((p) => guards.some((g) => startsWith(p, g)))) return;
    reads.push({ paths, text: node.original, index: indexOf(node) });
  };

  const expression = (expr: hbs.AST.Expression, scopes: Scopes, guards: readonly string[][]) => {
    if (expr.type === "SubExpression") {
      const s = expr as hbs.AST.SubExpression;
      call((s.path as Path).original, s.params, s.hash, scopes, guards);
      return;
    }
    if (expr.type !== "PathExpression") return;
    const path = requestPath(expr as Path, scopes);
    if (path) add([path], expr as Path, guards);
  };

  const call = (
    helper: string,
    params: hbs.AST.Expression[],
    hash: hbs.AST.Hash | undefined,
    scopes: Scopes,
    guards: readonly string[][],
  ) => {
    if (helper === "default") {
      // Alternatives: the first one present is used, so only all of them missing is a mistake. With
      // a literal among them (`"(none)"`) every name in it is optional.
      if (params.some((p) => p.type !== "PathExpression" && p.type !== "SubExpression")) return;
      const names = params.filter((p): p is Path => p.type === "PathExpression");
      const paths = names.map((p) => requestPath(p, scopes));
      if (names.length > 0 && paths.every((p) => p !== undefined))
        add(paths as string[][], names[0]!, guards);
      for (const p of params) if (p.type === "SubExpression") expression(p, scopes, guards);
      return;
    }
    for (const p of params) expression(p, scopes, guards);
    for (const pair of hash?.pairs ?? []) expression(pair.value, scopes, guards);
  };

  const walk = (nodes: hbs.AST.Statement[] | undefined, scopes: Scopes, guards: readonly string[][]) => {
    for (const node of nodes ?? []) {
      if (node.type === "MustacheStatement") {
        const m = node as hbs.AST.MustacheStatement;
        // A name alone is data, even a helper's name (template.ts reads it so).
        if (m.params.length === 0 && (m.hash?.pairs.length ?? 0) === 0) expression(m.path, scopes, guards);
        else call((m.path as Path).original, m.params, m.hash, scopes, guards);
      } else if (node.type === "BlockStatement") {
        const b = node as hbs.AST.BlockStatement;
        const helper = b.path.original;
        if (GUARD_BLOCKS.has(helper)) {
          const tested = b.params.flatMap((p) =>
            p.type === "PathExpression" ? (requestPath(p as Path, scopes) ?? []) : [],
          );
          const inner = tested.length > 0 ? [...guards, tested] : guards;
          walk(b.program?.body, scopes, inner);
          walk(b.inverse?.body, scopes, inner);
          continue;
        }
        call(helper, b.params, b.hash, scopes, guards);
        walk(b.program?.body, CONTEXT_BLOCKS.has(helper) ? [...scopes, false] : scopes, guards);
        walk(b.inverse?.body, scopes, guards);
      }
    }
  };

  walk(program.body, [true], []);
  return reads;
}

/**
 * The path from the request's root that `path` reads, or undefined when it reads nothing of the
 * request (this, @index, now) or its context is not the request's data (inside {{#each}}).
 */
function requestPath(path: Path, scopes: Scopes): string[] | undefined {
  let parts = path.parts;
  if (path.data) {
    // @root.x reads the request's data; @index, @key and the like do not.
    if (parts[0] !== "root") return undefined;
    parts = parts.slice(1);
  } else if (scopes[scopes.length - 1 - path.depth] !== true) {
    return undefined;
  }
  const first = parts[0];
  if (first === undefined || NOT_READ.has(first)) return undefined;
  return REQUEST_ROOTS.has(first) ? [...parts] : ["payload", ...parts];
}

function startsWith(path: readonly string[], prefix: readonly string[]): boolean {
  return prefix.length > 0 && prefix.length <= path.length && prefix.every((p, i) => path[i] === p);
}
