// One mapping compiled for routing: predicates, templates, transform handle and action defaults.

import type { ConfigIssue } from "../config/issues.js";
import type { ResolvedMapping, RulesConfig } from "../config/types.js";
import { isObject } from "../core/is-object.js";
import type { ActionSpec, ActionTemplates } from "./action.js";
import { type EqualityKey, equalityKey } from "./equality-key.js";
import { cut, prepareSeenPath, type SeenPath } from "./explain.js";
import {
  COALESCE_DEFAULT_MAX,
  COALESCE_MAX_MS,
  type CompiledFlow,
  DEDUPE_MAX_MS,
  flowWindowMs,
  itemsRenderer,
  RATE_PER_MAX_MS,
} from "./flow.js";
import { type CompiledForEach, compileForEach } from "./for-each.js";
import { normaliseHookPath } from "./hook-path.js";
import { type LaneProblem, type laneLimits, mappingLane } from "./lane.js";
import { type CompiledLogic, compileLogic, LogicSyntaxError, varPaths } from "./logic.js";
import type { SuccessAnswer } from "./success-answer.js";
import { type CompiledTemplate, compileTemplate, TemplateSyntaxError } from "./template.js";
import type { TransformHandle } from "./transform/types.js";
import { type CompiledChallenge, compileChallenge } from "./verify/challenge.js";
import { compileVerifier } from "./verify/compile.js";
import type { Verifier } from "./verify/types.js";

export interface CompiledWhen {
  evaluate: CompiledLogic;
  /** The expression as written (shortened), for explain. */
  text: string;
  /** Static `var` paths it reads, whose values explain shows on failure. */
  reads: SeenPath[];
  /** A top-level `and` / `or`: its clauses compiled one by one, so explain can name the one that failed. */
  clauses?: { op: "and" | "or"; parts: CompiledWhen[] };
}

export interface CompiledRule {
  /** Position in the index (0-based), the order rules are tried in. */
  readonly position: number;
  readonly id: string;
  readonly origin: string;
  /** Normalised match.path; null = every hook name. */
  readonly path: string | null;
  readonly source?: string;
  readonly when?: CompiledWhen;
  /** The field and string its `when` tests first, for dispatch by value (dispatch.ts). */
  readonly key?: EqualityKey;
  /** when: false — the rule can never match. */
  readonly never: boolean;
  readonly transform?: TransformHandle;
  /** action: ignore — the rule owns the request and answers 204; `action` is then never built. */
  readonly ignore: boolean;
  /** Fan-out: one action per element of this array. */
  readonly forEach?: CompiledForEach;
  readonly action: ActionSpec;
  /** Whether any template must be rendered (the per-request template data is built only then). */
  readonly usesTemplates: boolean;
  /** How a sender without the hook token proves itself to this mapping (shared by identical blocks). */
  readonly verifier?: Verifier;
  /** The provider handshake hookgate answers on this mapping's path. */
  readonly challenge?: CompiledChallenge;
  /** The mapping's own body limit. */
  readonly maxBodyBytes?: number;
  /** Its path answers CloudEvents senders' handshakes (abuse protection, Event Grid validation). */
  readonly cloudevents?: boolean;
  /** How its accepting answers differ from the usual 200 / 202 / 204 with a JSON body. */
  readonly successAnswer?: SuccessAnswer;
  /** Its dedupe and coalesce: key templates rendered per action, windows. */
  readonly flow?: CompiledFlow;
}

/** Each action template and the mapping field it is written in. */
export const TEMPLATE_SOURCES: [
  keyof ActionTemplates,
  "textTemplate" | "messageTemplate" | "name" | "sessionKey" | "to" | "model" | "thinking",
][] = [
  ["text", "textTemplate"],
  ["message", "messageTemplate"],
  ["name", "name"],
  ["sessionKey", "sessionKey"],
  ["to", "to"],
  ["model", "model"],
  ["thinking", "thinking"],
];

function compileWhen(expr: unknown): CompiledWhen {
  const when = compileClause(expr);
  const op = isObject(expr) ? Object.keys(expr) : [];
  if (op.length === 1 && (op[0] === "and" || op[0] === "or")) {
    const args = (expr as Record<string, unknown>)[op[0]];
    if (Array.isArray(args) && args.length > 1) {
      // One level: explain names the top-level clause that failed, not a clause inside it.
      when.clauses = { op: op[0], parts: args.map(compileClause) };
    }
  }
  return when;
}

function compileClause(expr: unknown): CompiledWhen {
  return {
    evaluate: compileLogic(expr),
    text: cut(JSON.stringify(expr)),
    reads: [...varPaths(expr)].filter((p) => p !== "").map(prepareSeenPath),
  };
}

/** Issue key of a mapping field: `hooks.mappings[0].messageTemplate`, `rules/x.yaml mappings[1].match.when`. */
export function fieldPath(mapping: ResolvedMapping, field: string): string {
  return `${mapping.origin}.${field}`;
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, " ").trim();
}

/** What the rules of one index share while compiling: same template text, one compiled function. */
export interface CompileScope {
  config: { hooks: RulesConfig; server?: { publicUrl?: string } };
  templates: Map<string, CompiledTemplate>;
  /** Verifiers by their verify block: identical blocks share one, which a request then runs once. */
  verifiers: Map<string, Verifier>;
  /** The named lanes' limits over every mapping of the index, and the mappings that disagree on one. */
  lanes: ReturnType<typeof laneLimits>;
  issues: ConfigIssue[];
}

/** A template of the scope (shared by equal texts), or undefined after reporting its error on `field`. */
function scopedTemplate(
  source: string,
  field: string,
  scope: CompileScope,
  error: (field: string, message: string, offset?: number) => void,
): CompiledTemplate | undefined {
  let compiled = scope.templates.get(source);
  if (compiled) return compiled;
  try {
    compiled = compileTemplate(source);
  } catch (err) {
    const msg = err instanceof TemplateSyntaxError ? err.message : String(err);
    error(
      field,
      `template error: ${oneLine(msg)}`,
      err instanceof TemplateSyntaxError ? err.index : undefined,
    );
    return undefined;
  }
  scope.templates.set(source, compiled);
  return compiled;
}

/** flow and coalesceTemplate; undefined when the mapping has no flow or one of its parts is wrong. */
function compileFlow(
  mapping: ResolvedMapping,
  scope: CompileScope,
  error: (field: string, message: string, offset?: number) => void,
): CompiledFlow | undefined {
  const { flow } = mapping;
  if (mapping.coalesceTemplate !== undefined && !flow?.coalesce) {
    error("coalesceTemplate", "coalesceTemplate needs flow.coalesce; add flow.coalesce or remove it");
  }
  const lane = flow && laneOf(mapping, scope);
  if (isProblem(lane)) error(lane.field, lane.message);
  if (!flow || (!flow.dedupe && !flow.coalesce && !flow.rate && !flow.budget && !lane)) return undefined;
  const compiled: CompiledFlow = { scope: mapping.id };
  let ok = !isProblem(lane);
  if (lane && !isProblem(lane)) compiled.lane = lane;
  if (flow.dedupe) {
    const key = scopedTemplate(flow.dedupe.key, "flow.dedupe.key", scope, error);
    const windowMs = flowWindowMs(flow.dedupe.window, DEDUPE_MAX_MS, "30d");
    if (typeof windowMs === "string") error("flow.dedupe.window", windowMs);
    if (key && typeof windowMs === "number") compiled.dedupe = { key, windowMs };
    else ok = false;
  }
  if (flow.coalesce) {
    const key = scopedTemplate(flow.coalesce.key, "flow.coalesce.key", scope, error);
    const windowMs = flowWindowMs(flow.coalesce.window, COALESCE_MAX_MS, "1d");
    if (typeof windowMs === "string") error("flow.coalesce.window", windowMs);
    const template =
      mapping.coalesceTemplate === undefined
        ? undefined
        : scopedTemplate(mapping.coalesceTemplate, "coalesceTemplate", scope, error);
    if (key && typeof windowMs === "number" && (template || mapping.coalesceTemplate === undefined)) {
      compiled.coalesce = {
        key,
        windowMs,
        max: flow.coalesce.max ?? COALESCE_DEFAULT_MAX,
        ...(template && { template, render: itemsRenderer(template) }),
      };
    } else ok = false;
  }
  if (flow.rate) {
    const perMs = flowWindowMs(flow.rate.per, RATE_PER_MAX_MS, "30d");
    if (typeof perMs === "string") {
      error("flow.rate.per", perMs.replace(/^window/, "per"));
      ok = false;
    } else compiled.rate = { max: flow.rate.max, perMs, over: flow.over ?? "hold" };
  }
  if (flow.budget) {
    const perMs = flowWindowMs(flow.budget.per, RATE_PER_MAX_MS, "30d");
    if (typeof perMs === "string") {
      error("flow.budget.per", perMs.replace(/^window/, "per"));
      ok = false;
    } else if (flow.budget.runs === undefined && flow.budget.tokens === undefined) {
      error("flow.budget", "flow.budget needs runs, tokens or both, e.g. { tokens: 2000000, per: 1d }");
      ok = false;
    } else {
      compiled.budget = {
        ...(flow.budget.runs !== undefined && { runs: flow.budget.runs }),
        ...(flow.budget.tokens !== undefined && { tokens: flow.budget.tokens }),
        perMs,
        over: flow.over ?? "hold",
      };
    }
  }
  return ok ? compiled : undefined;
}

/** The mapping's lane: a disagreement on its named lane's limit first, else its lane or its problem. */
function laneOf(mapping: ResolvedMapping, scope: CompileScope): ReturnType<typeof mappingLane> {
  return scope.lanes.problems.get(mapping) ?? mappingLane(mapping, scope.lanes.limits);
}

function isProblem(lane: ReturnType<typeof mappingLane>): lane is LaneProblem {
  return lane !== undefined && "field" in lane;
}

/** Compiles one mapping; problems are appended to `scope.issues` and the rule is then undefined. */
export function compileRule(
  mapping: ResolvedMapping,
  position: number,
  transform: TransformHandle | undefined,
  scope: CompileScope,
): CompiledRule | undefined {
  const { config, issues } = scope;
  const before = issues.length;
  const error = (field: string, message: string, offset?: number) =>
    issues.push({
      severity: "error",
      path: fieldPath(mapping, field),
      message: `mapping ${mapping.id}: ${message}`,
      ...(offset !== undefined && { offset }),
    });

  let path: string | null = null;
  if (mapping.match?.path !== undefined) {
    path = normaliseHookPath(mapping.match.path);
    if (path === "") error("match.path", "match.path is empty; remove it to match every hook name");
  }

  let when: CompiledWhen | undefined;
  const expr = mapping.match?.when;
  if (expr !== undefined && expr !== true) {
    try {
      when = compileWhen(expr);
    } catch (err) {
      const where = err instanceof LogicSyntaxError && err.where ? ` at ${err.where}` : "";
      error("match.when", `invalid JsonLogic${where}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  const templates: ActionTemplates = {};
  for (const [key, field] of TEMPLATE_SOURCES) {
    const source = mapping[field];
    if (source === undefined) continue;
    const compiled = scopedTemplate(source, field, scope, error);
    if (compiled) templates[key] = compiled;
  }

  let verifier: Verifier | undefined;
  if (mapping.verify) {
    const key = JSON.stringify(mapping.verify);
    verifier = scope.verifiers.get(key);
    if (!verifier) {
      const publicUrl = config.server?.publicUrl;
      verifier = compileVerifier(mapping.verify, publicUrl !== undefined ? { publicUrl } : {}, (f, m) =>
        error(`verify.${f}`, m),
      );
      if (verifier) scope.verifiers.set(key, verifier);
    }
  }
  let forEach: CompiledForEach | undefined;
  if (mapping.forEach !== undefined) {
    const compiled = compileForEach(mapping.forEach, mapping.forEachMax);
    if (typeof compiled === "string") error("forEach", compiled);
    else forEach = compiled;
  }

  const flow = compileFlow(mapping, scope, error);

  const challenge = mapping.challenge
    ? compileChallenge(mapping.challenge, mapping.verify, (f, m) => error(`challenge.${f}`, m))
    : undefined;

  if (issues.length > before) return undefined;

  const action: ActionSpec = {
    id: mapping.id,
    // An ignore mapping builds no action; its spec is never used.
    kind: mapping.action === "ignore" ? "agent" : mapping.action,
    templates,
    contentSource: mapping.contentSource ?? "Webhook",
  };
  if (mapping.wakeMode !== undefined) action.wakeMode = mapping.wakeMode;
  if (mapping.deliver !== undefined) action.deliver = mapping.deliver;
  if (mapping.channel !== undefined) action.channel = mapping.channel;
  if (mapping.agentId !== undefined) action.agentId = mapping.agentId;
  if (mapping.timeoutSeconds !== undefined) action.timeoutSeconds = mapping.timeoutSeconds;
  if (mapping.sessionMode !== undefined) action.sessionMode = mapping.sessionMode;
  if (mapping.allowUnsafeExternalContent !== undefined) {
    action.allowUnsafeExternalContent = mapping.allowUnsafeExternalContent;
  }
  if (mapping.pack !== undefined) action.pack = mapping.pack;
  // hooks.mail is the mail pack's own settings block.
  if (mapping.pack === "mail") action.mail = config.hooks.mail;

  const key = when ? equalityKey(expr) : undefined;
  const rule: CompiledRule = {
    position,
    id: mapping.id,
    origin: mapping.origin,
    path,
    never: expr === false,
    ignore: mapping.action === "ignore",
    action,
    usesTemplates: Object.keys(templates).length > 0 || flow !== undefined,
    ...(mapping.match?.source !== undefined ? { source: mapping.match.source } : {}),
    ...(when ? { when } : {}),
    ...(key && { key }),
    ...(transform ? { transform } : {}),
    ...(forEach && { forEach }),
    ...(verifier && { verifier }),
    ...(challenge && { challenge }),
    ...(mapping.maxBodyBytes !== undefined && { maxBodyBytes: mapping.maxBodyBytes }),
    ...(mapping.cloudevents === true && { cloudevents: true }),
    ...(flow && { flow }),
    ...((mapping.successStatus !== undefined || mapping.successBody !== undefined) && {
      successAnswer: {
        ...(mapping.successStatus !== undefined && { status: mapping.successStatus }),
        ...(mapping.successBody !== undefined && { body: mapping.successBody }),
      },
    }),
  };
  return rule;
}
