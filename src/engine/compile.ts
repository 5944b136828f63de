// Compiles the configured mappings (hooks.mappings, then rule files, then the enabled packs') into a
// rule index once at load. Routing then only looks up the request path in an index and runs what was prepared.
import { ConfigError } from "../config/errors.js";
import type { ConfigIssue } from "../config/issues.js";
import type { ResolvedMapping, RulesConfig } from "../config/types.js";
import { type DispatchStep, dispatchPlan } from "./dispatch.js";
import { laneLimits } from "./lane.js";
import { type CompiledRule, type CompileScope, compileRule, fieldPath } from "./rule.js";
import { lintMapping } from "./rule-lint.js";
import { ruleWarnings } from "./rule-warnings.js";
import { createTransformLoader, type TransformLoader } from "./transform/loader.js";
import type { TransformHandle } from "./transform/types.js";

export interface RuleIndex {
  /** Every rule in the order they are tried. */
  readonly rules: readonly CompiledRule[];
  /** Per normalised path: the rules with that path and the path-less ones, merged in order. */
  readonly byPath: ReadonlyMap<string, readonly CompiledRule[]>;
  /** Rules without match.path, in order: all a request with an unindexed path looks at. */
  readonly pathless: readonly CompiledRule[];
  /** The same lists as dispatch plans: what a request without an explain trace walks. */
  readonly plans: ReadonlyMap<string, readonly DispatchStep[]>;
  readonly pathlessPlan: readonly DispatchStep[];
  /** Per indexed path: its rules that have a verify, in order (with the path-less ones). */
  readonly verifying: ReadonlyMap<string, readonly CompiledRule[]>;
  readonly pathlessVerifying: readonly CompiledRule[];
  /** Headers any configured verify reads a signature or secret from: stripped before rules see a request. */
  readonly secretHeaders: ReadonlySet<string>;
}

/** The rules a request for `path` (normalised) is matched against, in order. */
export function candidatesFor(index: RuleIndex, path: string): readonly CompiledRule[] {
  return index.byPath.get(path) ?? index.pathless;
}

/** The rules of `path` a request without the hook token may reach, if it passes their verify. */
export function verifyingFor(index: RuleIndex, path: string): readonly CompiledRule[] {
  return index.verifying.get(path) ?? index.pathlessVerifying;
}

export interface CompileOptions {
  /** Loader of transform modules; default: one over config.hooks.transformsDir (disposed by dispose()). */
  transforms?: TransformLoader;
  /**
   * Transform worker threads of the default loader; default hooks.transformLimits.workers. A command
   * that checks or tests rules one request at a time needs one, and starts faster with one.
   */
  transformWorkers?: number;
  /**
   * The index is only checked, never routed with: transform modules are bundled, run once and their
   * exports checked, but no sandbox is built for calls (see createTransformLoader).
   */
  checkOnly?: boolean;
  /**
   * The requests are made up (`hookgate test`): the default loader's transform calls are not timed in
   * the process's metrics, which nothing exposes there (and prom-client is never loaded).
   */
  simulated?: boolean;
}

export interface CompiledRules {
  index: RuleIndex;
  warnings: ConfigIssue[];
  /** Releases the transform sandboxes created for this index. */
  dispose(): void;
}

/** Throws ConfigError with every problem found (template syntax, JsonLogic, transforms). */
export async function compileRules(
  config: { hooks: RulesConfig; server?: { publicUrl?: string } },
  opts: CompileOptions = {},
): Promise<CompiledRules> {
  const mappings = [...config.hooks.mappings, ...config.hooks.packs.flatMap((p) => p.mappings)];
  const issues: ConfigIssue[] = [];

  let ownLoader: TransformLoader | undefined;
  const loader = (): TransformLoader => {
    if (opts.transforms) return opts.transforms;
    ownLoader ??= createTransformLoader({
      transformsDir: config.hooks.transformsDir,
      limits:
        opts.transformWorkers === undefined
          ? config.hooks.transformLimits
          : { ...config.hooks.transformLimits, workers: opts.transformWorkers },
      ...(opts.checkOnly && { checkOnly: true }),
      ...(opts.simulated && { uncounted: true }),
    });
    return ownLoader;
  };

  try {
    // Every transform starts loading (bundled by esbuild's process, run in a worker thread) before
    // the rules compile on this thread, and each rule waits only for its own. Issues keep the
    // mappings' order.
    const loads = new Map<ResolvedMapping, Promise<LoadedTransform>>();
    for (const mapping of mappings)
      if (mapping.transform) loads.set(mapping, loadTransform(loader(), mapping));
    const rules: CompiledRule[] = [];
    const scope: CompileScope = {
      config,
      templates: new Map(),
      verifiers: new Map(),
      lanes: laneLimits(mappings, config.hooks.lanes),
      issues,
    };
    for (const mapping of mappings) {
      const loaded = mapping.transform ? await loads.get(mapping) : undefined;
      issues.push(...(loaded?.issues ?? []));
      const rule = compileRule(mapping, rules.length, loaded?.handle, scope);
      if (rule) rules.push(rule);
      // The packs' session keys were checked with their parameters by the config loader
      // (config/packs/session-keys.ts), which names the parameter to change.
      const prefixes = mapping.pack !== undefined ? null : (config.hooks.allowedSessionKeyPrefixes ?? null);
      issues.push(...lintMapping(mapping, config.hooks.path, prefixes));
    }
    if (issues.some((i) => i.severity === "error")) throw new ConfigError(issues);
    return {
      index: indexRules(rules),
      warnings: [...issues, ...ruleWarnings(rules)],
      dispose: () => ownLoader?.dispose(),
    };
  } catch (err) {
    ownLoader?.dispose();
    throw err;
  }
}

/** A mapping's transform: its handle, or the issues that kept it from loading. */
interface LoadedTransform {
  handle?: TransformHandle;
  issues: ConfigIssue[];
}

async function loadTransform(loader: TransformLoader, mapping: ResolvedMapping): Promise<LoadedTransform> {
  const { module, export: exportName } = mapping.transform!;
  try {
    return { handle: await loader.load(module, exportName), issues: [] };
  } catch (err) {
    const found = err instanceof ConfigError ? err.issues : [];
    const errors =
      found.length > 0
        ? found
        : [{ severity: "error" as const, path: "transform.module", message: String(err) }];
    return {
      issues: errors.map((issue) => ({
        ...issue,
        path: fieldPath(mapping, issue.path.startsWith("transform") ? issue.path : "transform.module"),
        message: `mapping ${mapping.id}: ${issue.message}`,
      })),
    };
  }
}

/** Builds the path index: each path's list already holds the path-less rules at their positions. */
function indexRules(rules: readonly CompiledRule[]): RuleIndex {
  const pathless = rules.filter((r) => r.path === null);
  const byPath = new Map<string, CompiledRule[]>();
  for (const rule of rules) {
    if (rule.path === null) continue;
    const list = byPath.get(rule.path);
    if (list) list.push(rule);
    else byPath.set(rule.path, [rule]);
  }
  const plans = new Map<string, DispatchStep[]>();
  const verifying = new Map<string, CompiledRule[]>();
  const withVerify = (list: readonly CompiledRule[]) => list.filter((r) => r.verifier !== undefined);
  for (const [path, own] of byPath) {
    const merged = mergeByPosition(own, pathless);
    byPath.set(path, merged);
    plans.set(path, dispatchPlan(merged));
    verifying.set(path, withVerify(merged));
  }
  const secretHeaders = new Set(rules.flatMap((r) => r.verifier?.secretHeaders ?? []));
  return {
    rules,
    byPath,
    pathless,
    plans,
    pathlessPlan: dispatchPlan(pathless),
    verifying,
    pathlessVerifying: withVerify(pathless),
    secretHeaders,
  };
}

function mergeByPosition(a: readonly CompiledRule[], b: readonly CompiledRule[]): CompiledRule[] {
  const out: CompiledRule[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i]!.position < b[j]!.position)) out.push(a[i++]!);
    else out.push(b[j++]!);
  }
  return out;
}
