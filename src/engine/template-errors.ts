// Turns Handlebars' load-time errors into a message for a rule author and the index of the character
// they are about in the template as written, so the error can point at its line and column in the
// config file. Handlebars reports positions in the source it parsed, which rewriteIndexSyntax may have
// lengthened (`a[0]` → `a.[0]`); positions are mapped back to the original.
import { closest } from "../config/check/closest.js";

export interface TemplateProblem {
  message: string;
  /** 0-based index into the template as written; undefined when Handlebars gives no position. */
  index?: number;
}

/** Line (1-based) and column (0-based), as Handlebars' locations and its lexer count them. */
interface HandlebarsPosition {
  line: number;
  column: number;
}

/** The helpers a template may call, for "did you mean" (Handlebars' own block helpers included). */
export function helperSuggestions(ours: readonly string[]): string[] {
  return [...new Set([...ours, "if", "unless", "each", "with", "lookup"])];
}

/**
 * A parse error. Handlebars' parser throws a plain Error whose message draws the line with a caret;
 * the offending token's position is left in its lexer (`yylloc`), which `lexerAt` reads.
 */
export function parseProblem(
  err: unknown,
  lexerAt: HandlebarsPosition | undefined,
  source: string,
  rewritten: string,
): TemplateProblem {
  // Block checks (`{{#if}}...{{/unless}}`) throw Handlebars exceptions that carry their position.
  if (typeof (err as { lineNumber?: unknown }).lineNumber === "number") {
    return compileProblem(err, source, rewritten, []);
  }
  const text = err instanceof Error ? err.message : String(err);
  const got = /got '([^']*)'$/.exec(text)?.[1];
  if (got === "EOF" || got === "INVALID") {
    const mustache = unclosedMustache(source);
    if (mustache !== undefined)
      return { message: "Parse error: {{ is never closed with }}", index: mustache };
    const open = got === "EOF" ? unclosedBlock(source) : undefined;
    if (open) {
      return {
        message: `Parse error: {{#${open.name}}} is never closed; add {{/${open.name}}} where the block ends`,
        index: open.index,
      };
    }
  }
  const message = got !== undefined ? `Parse error: unexpected ${tokenText(got)}` : text.split("\n")[0]!;
  if (!lexerAt) return { message };
  return { message, index: originalIndex(rewritten, source, offsetOf(rewritten, lexerAt)) };
}

/** Handlebars' token names as a template author writes them. */
function tokenText(token: string): string {
  const texts: Record<string, string> = {
    EOF: "end of template",
    INVALID: "character",
    INVERSE: "{{else}}",
    OPEN_INVERSE_CHAIN: "{{else ...}}",
    OPEN_ENDBLOCK: "{{/...}} (no block is open)",
    CLOSE: "}}",
    CLOSE_SEXPR: ")",
    OPEN_SEXPR: "(",
    STRING: "string",
    NUMBER: "number",
    ID: "name",
    EQUALS: "=",
  };
  return texts[token] ?? `'${token}'`;
}

/** Index of the last `{{` that no `}}` follows. */
function unclosedMustache(source: string): number | undefined {
  const open = source.lastIndexOf("{{");
  return open !== -1 && source.indexOf("}}", open) === -1 ? open : undefined;
}

/** An error of Handlebars' compiler (unknown helper, mismatched block names, misused built-ins). */
export function compileProblem(
  err: unknown,
  source: string,
  rewritten: string,
  helpers: readonly string[],
): TemplateProblem {
  const e = err as { message?: unknown; lineNumber?: unknown; column?: unknown };
  let message = typeof e.message === "string" ? e.message : String(err);
  // Handlebars appends " - line:column"; the position is reported separately.
  message = message.replace(/ - \d+:\d+$/, "");
  const mismatch = /^(\S+) doesn't match (\S+)$/.exec(message);
  if (mismatch) {
    message = `{{#${mismatch[1]}}} is closed by {{/${mismatch[2]}}}; close it with {{/${mismatch[1]}}}`;
  }
  const unknown = /unknown helper (\S+)/.exec(message);
  if (unknown) {
    const name = unknown[1]!;
    const guess = closest(
      name,
      helpers.filter((h) => h !== name),
    );
    message = `unknown helper ${name}; ${guess ? `did you mean ${guess}? ` : ""}helpers: ${helpers.join(", ")}`;
  }
  if (typeof e.lineNumber !== "number" || typeof e.column !== "number") return { message };
  const at = offsetOf(rewritten, { line: e.lineNumber, column: e.column });
  return { message, index: originalIndex(rewritten, source, at) };
}

/** Index into `text` of a Handlebars position. */
export function offsetOf(text: string, pos: HandlebarsPosition): number {
  let offset = 0;
  for (let line = 1; line < pos.line; line++) {
    const next = text.indexOf("\n", offset);
    if (next === -1) return text.length;
    offset = next + 1;
  }
  return Math.min(offset + pos.column, text.length);
}

/**
 * Index in `source` of index `at` of `rewritten`. The rewrite only inserts characters (`.`, `[`, `]`),
 * so walking both and skipping what does not match in the rewritten text lines them up.
 */
export function originalIndex(rewritten: string, source: string, at: number): number {
  if (rewritten === source) return at;
  let i = 0;
  for (let j = 0; j < at && i < source.length; j++) {
    if (rewritten[j] === source[i]) i++;
  }
  return i;
}

/** The innermost `{{#name}}` (or `{{^name}}`) that no `{{/name}}` closes. */
function unclosedBlock(source: string): { name: string; index: number } | undefined {
  const open: { name: string; index: number }[] = [];
  const tag = /\{\{(!--[\s\S]*?--\}\}|![\s\S]*?\}\}|~?\s*([#^/])\s*\*?\s*([^\s}~()]+))/g;
  for (const m of source.matchAll(tag)) {
    const [, , kind, name] = m;
    if (kind === undefined || name === undefined) continue; // a comment
    if (kind !== "/") open.push({ name, index: m.index });
    else if (open[open.length - 1]?.name === name) open.pop();
  }
  return open[open.length - 1];
}
