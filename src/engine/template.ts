// Handlebars templates over a request: parsed, checked and compiled once at load, rendered per request.
// Own instance, noEscape (the output is text for an agent, not HTML), knownHelpersOnly. The parsed
// tree is rewritten before compiling: every output goes through one formatter (missing → empty,
// objects → compact JSON) and every path through `__proto__` / `constructor` / `prototype` is
// replaced by one that resolves to nothing. Inherited members are blocked by Handlebars' own
// prototype-access checks, so only own data of the payload is ever visible.

import Handlebars from "handlebars";
import { isObject } from "../core/is-object.js";
import type { WorkBudget } from "./budget.js";
import { BLOCKED_SEGMENTS } from "./logic.js";
import { BUDGET_KEY, budgetedEach, charged, templateBudget } from "./template-budget.js";
import { compileProblem, helperSuggestions, parseProblem, type TemplateProblem } from "./template-errors.js";
import { type DataLayout, flatRenderer } from "./template-flat.js";
import { FORMAT_HELPER, formatValue, templateHelpers, withoutBlockedKeys } from "./template-helpers.js";
import { rewriteIndexSyntax } from "./template-source.js";
import type { HookRequest } from "./types.js";

type AST = hbs.AST.Node;
type Path = hbs.AST.PathExpression;

/** Root names of the data a template sees; any other first segment is read from the payload. */
const TEMPLATE_ROOTS = ["payload", "headers", "query", "path", "now", "verified", "ce"] as const;

const hb = Handlebars.create();
// `log` would write to the console from a template; the built-in `lookup` is replaced by a safe one.
hb.unregisterHelper("log");
for (const [name, fn] of Object.entries(templateHelpers)) hb.registerHelper(name, fn);
hb.registerHelper(FORMAT_HELPER, (value: unknown, options: unknown) => charged(options, formatValue(value)));
// `{{#each obj}}` walks own keys; skip the blocked names there too. Each loop charges the budget.
const builtInEach = budgetedEach(
  hb.helpers["each"] as (this: unknown, context: unknown, options: unknown) => unknown,
);
hb.registerHelper("each", function (this: unknown, context: unknown, options: unknown) {
  return builtInEach.call(this, withoutBlockedKeys(context), options);
});

const knownHelpers: Record<string, boolean> = { log: false, [FORMAT_HELPER]: true };
for (const name of Object.keys(templateHelpers)) knownHelpers[name] = true;

const compileOptions = {
  noEscape: true,
  knownHelpersOnly: true,
  knownHelpers,
  strict: false,
  compat: false,
  preventIndent: true,
} as const;

/**
 * Options of one render. Explicit false (rather than the default) for prototype access also silences
 * Handlebars' console warning per property. @data carries `root` already, so Handlebars uses it as
 * it is instead of copying it into a new frame.
 */
function runtimeOptions(data: TemplateData, budget: WorkBudget) {
  return {
    allowProtoPropertiesByDefault: false,
    allowProtoMethodsByDefault: false,
    data: { root: data, [BUDGET_KEY]: budget },
  };
}

export class TemplateSyntaxError extends Error {
  /** 0-based index into the template as written of what the error is about, when known. */
  readonly index: number | undefined;

  constructor(problem: string | TemplateProblem) {
    super(typeof problem === "string" ? problem : problem.message);
    this.name = "TemplateSyntaxError";
    this.index = typeof problem === "string" ? undefined : problem.index;
  }
}

const suggestedHelpers = helperSuggestions(Object.keys(templateHelpers));

/** Where Handlebars' lexer stopped: the token a parse error is about (the thrown Error has no position). */
function lexerPosition(): { line: number; column: number } | undefined {
  // Handlebars 4 exposes its (synchronous, shared) parser as `Parser`; the typings leave it out.
  const parser = (hb as unknown as { Parser?: { lexer?: { yylloc?: Record<string, unknown> } } }).Parser;
  const loc = parser?.lexer?.yylloc;
  return typeof loc?.["first_line"] === "number" && typeof loc["first_column"] === "number"
    ? { line: loc["first_line"], column: loc["first_column"] }
    : undefined;
}

/** The data one request offers to templates; built once per request and shared by a rule's templates. */
export type TemplateData = Record<string, unknown>;

/**
 * Renders over one request's data. Pass the same budget to every template of one mapping (the
 * per-request budget); without one, the render gets its own. Throws BudgetExceededError past it.
 */
export type CompiledTemplate = (data: TemplateData, budget?: WorkBudget) => string;

const ROOT_NAMES: ReadonlySet<string> = new Set(TEMPLATE_ROOTS);

// Formatting a time costs more than building the rest of the data (toISOString formats every field
// through printf): requests within one millisecond share the text, and within one second its part up
// to the milliseconds, so a request mostly only appends its milliseconds.
let lastMs = Number.NaN;
let lastIso = "";
let lastSecond = Number.NaN;
let secondText = "";
function isoTime(now: Date): string {
  const ms = now.getTime();
  if (Number.isNaN(ms)) return "";
  if (ms !== lastMs) {
    lastMs = ms;
    const second = Math.floor(ms / 1000);
    if (second !== lastSecond) {
      lastSecond = second;
      // "…T12:34:56." of "…T12:34:56.789Z": the last four characters are always "sssZ".
      secondText = now.toISOString().slice(0, -4);
    }
    const milli = ms - second * 1000;
    lastIso = `${secondText}${milli < 10 ? "00" : milli < 100 ? "0" : ""}${milli}Z`;
  }
  return lastIso;
}

/**
 * The data of one request. The payload's top-level keys are copied in only when a template renders
 * through Handlebars (`withPayloadKeys`): the direct renderer reads a name that is not a root from
 * the payload itself, which is the same value. The mark is a private field: templates never see it.
 */
class RequestData {
  #payloadKeysIn = false;
  [key: string]: unknown;

  constructor(req: HookRequest, now: Date) {
    this["payload"] = req.payload;
    this["headers"] = req.headers;
    this["query"] = req.query;
    this["path"] = req.path;
    this["now"] = isoTime(now);
    if (req.verified) this["verified"] = req.verified;
    if (req.ce) this["ce"] = req.ce;
  }

  /** Whether `data` is a RequestData without the payload's keys in it yet. */
  static lazy(data: object): data is RequestData {
    return #payloadKeysIn in data && !(data as RequestData).#payloadKeysIn;
  }

  static markFull(data: RequestData): void {
    data.#payloadKeysIn = true;
  }
}

/**
 * Roots plus the payload's top-level keys (roots win a clash). Inherited members are out of reach
 * through Handlebars' prototype-access checks, and blocked names are skipped.
 */
export function templateData(req: HookRequest, now: Date): TemplateData {
  return new RequestData(req, now);
}

/**
 * The data with the payload's top-level keys in it, as Handlebars reads them; for anything else that
 * reads template data by path (a mapping's forEach).
 */
export function withPayloadKeys(data: TemplateData): TemplateData {
  if (!RequestData.lazy(data)) return data;
  RequestData.markFull(data);
  const payload = data["payload"];
  if (isObject(payload)) {
    for (const key of Object.keys(payload)) {
      if (!ROOT_NAMES.has(key) && !BLOCKED_SEGMENTS.has(key)) data[key] = payload[key];
    }
  }
  return data;
}

/** How the direct renderer finds names in the data (see RequestData). */
const LAYOUT: DataLayout = {
  roots: ROOT_NAMES,
  blocked: BLOCKED_SEGMENTS,
  lazyPayload(data) {
    if (!RequestData.lazy(data)) return undefined;
    const payload = data["payload"];
    return isObject(payload) ? payload : null;
  },
};

export interface CompileTemplateOptions {
  /**
   * Render through Handlebars even when the template has the flat shape template-flat.ts renders
   * directly (lets tests compare the two).
   */
  handlebarsOnly?: boolean;
}

/** Compiles a template; throws TemplateSyntaxError with the message and where in `source` it is. */
export function compileTemplate(source: string, opts: CompileTemplateOptions = {}): CompiledTemplate {
  const rewritten = rewriteIndexSyntax(source);
  let program: hbs.AST.Program;
  try {
    program = hb.parse(rewritten);
  } catch (err) {
    throw new TemplateSyntaxError(parseProblem(err, lexerPosition(), source, rewritten));
  }
  try {
    rewriteProgram(program);
  } catch (err) {
    throw new TemplateSyntaxError(compileProblem(err, source, rewritten, suggestedHelpers));
  }
  // Text and plain references (the flat shape) render without Handlebars, and compiling them cannot
  // fail: only the format helper, no blocks, no other helpers. Handlebars' parse has already applied
  // its whitespace control to the tree, so the text in it is final; its code generation, most of a
  // template's load time, is left out.
  const flat = opts.handlebarsOnly ? undefined : flatRenderer(program, LAYOUT);
  if (flat) return (data, budget = templateBudget()) => flat(data, budget);
  const render = hb.compile(program, compileOptions);
  // Handlebars compiles on first use; do it now so unknown helpers and misuse of built-ins
  // (`{{#each}}` without a list) are load errors, not request errors.
  const run: CompiledTemplate = (data, budget = templateBudget()) => {
    const full = withPayloadKeys(data);
    return render(full, runtimeOptions(full, budget));
  };
  try {
    run(Object.create(null));
  } catch (err) {
    throw new TemplateSyntaxError(compileProblem(err, source, rewritten, suggestedHelpers));
  }
  return run;
}

/** A path that always resolves to nothing: a private @data name that is never set. */
function nothing(loc: hbs.AST.SourceLocation): Path {
  return {
    type: "PathExpression",
    data: true,
    depth: 0,
    parts: ["hookgateNothing"],
    original: "@hookgateNothing",
    loc,
  };
}

function isBlocked(node: AST): boolean {
  if (node.type !== "PathExpression") return false;
  const path = node as Path;
  // `@hookgateBudget` (or `@_parent.hookgateBudget`) is the render's budget, not data for output.
  return path.parts.some((p) => BLOCKED_SEGMENTS.has(p) || (path.data && p === BUDGET_KEY));
}

function rewriteProgram(program: hbs.AST.Program | undefined): void {
  if (!program) return;
  program.body = program.body.map(rewriteStatement);
}

function rewriteStatement(stmt: hbs.AST.Statement): hbs.AST.Statement {
  switch (stmt.type) {
    case "MustacheStatement": {
      const m = stmt as hbs.AST.MustacheStatement;
      rewriteArgs(m);
      const path = m.path as hbs.AST.Expression;
      const hasArgs = m.params.length > 0 || (m.hash?.pairs.length ?? 0) > 0;
      // `{{x}}` → `{{fmt x}}`; `{{helper a b}}` → `{{fmt (helper a b)}}`. A helper's name with no
      // arguments (`{{default}}`, `{{json}}`) is read as data, as OpenClaw's templates read it: a
      // helper called with nothing renders nothing, so the payload's key is what the author meant.
      const inner: hbs.AST.Expression = hasArgs
        ? ({
            type: "SubExpression",
            path,
            params: m.params,
            hash: m.hash,
            loc: m.loc,
          } as hbs.AST.SubExpression)
        : isBlocked(path)
          ? nothing(m.loc)
          : path;
      m.path = {
        type: "PathExpression",
        data: false,
        depth: 0,
        parts: [FORMAT_HELPER],
        original: FORMAT_HELPER,
        loc: m.loc,
      } as Path;
      m.params = [inner];
      m.hash = undefined as unknown as hbs.AST.Hash;
      return m;
    }
    case "BlockStatement": {
      const b = stmt as hbs.AST.BlockStatement;
      if (isBlocked(b.path)) b.path = nothing(b.loc);
      rewriteArgs(b);
      rewriteProgram(b.program);
      rewriteProgram(b.inverse);
      return b;
    }
    case "PartialStatement":
    case "PartialBlockStatement":
      throw located("partials ({{> name}}) are not supported", stmt);
    case "DecoratorBlock":
    case "Decorator":
      throw located("decorators ({{* name}}) are not supported", stmt);
    default:
      return stmt;
  }
}

/** An error carrying the node's position the way Handlebars' own exceptions do. */
function located(message: string, node: AST): Error {
  return Object.assign(new Error(message), {
    ...(node.loc && { lineNumber: node.loc.start.line, column: node.loc.start.column }),
  });
}

function rewriteArgs(node: { params: hbs.AST.Expression[]; hash?: hbs.AST.Hash }): void {
  node.params = node.params.map(rewriteExpression);
  for (const pair of node.hash?.pairs ?? []) pair.value = rewriteExpression(pair.value);
}

function rewriteExpression(expr: hbs.AST.Expression): hbs.AST.Expression {
  if (isBlocked(expr)) return nothing(expr.loc);
  if (expr.type === "SubExpression") rewriteArgs(expr as hbs.AST.SubExpression);
  return expr;
}
