// Runs every case of the given sources and measures which mappings the cases reach.
import type { ResolvedConfig } from "../../config/types.js";
import type { CompiledRules } from "../../engine/compile.js";
import type { Expectation } from "../../types/generated.js";
import { badPatterns, type CaseOutcome, compare, type Mismatch } from "./expect.js";
import { CaseError, runCase } from "./run-case.js";
import type { CaseSource } from "./source.js";
import { Targets } from "./targets.js";

export interface CaseResult {
  /** The file, as named in output. */
  source: string;
  /** Position in the file's tests list. */
  index: number;
  name: string;
  ok: boolean;
  expect: Expectation;
  /** The case could not run as written. */
  error?: string;
  mismatches: Mismatch[];
  outcome?: CaseOutcome;
  /** Why the mapping the case expects did not take the request (its explain trace step, ...). */
  why?: string[];
  /** Values the output must not show. */
  secrets: readonly string[];
}

export interface Coverage {
  total: number;
  reached: number;
  /** Whole percent, rounded down (100 when there is nothing to reach). */
  percent: number;
  notReached: { mapping: string; file: string }[];
}

export interface SuiteResult {
  results: CaseResult[];
  passed: number;
  failed: number;
  coverage: Coverage;
}

/**
 * Runs every case of `sources`; `compiled`, the configuration's rules when the caller compiled them
 * already, serves the rule-file cases (and is disposed here).
 */
export async function runSuite(
  config: ResolvedConfig,
  sources: readonly CaseSource[],
  compiled?: CompiledRules,
): Promise<SuiteResult> {
  const targets = new Targets(config, compiled);
  const results: CaseResult[] = [];
  try {
    for (const source of sources) {
      for (const [index, c] of source.cases.entries()) {
        const base = { source: source.label, index, name: c.name, expect: c.expect, mismatches: [] };
        const bad = badPatterns(c.expect);
        if (bad.length > 0) {
          results.push({ ...base, ok: false, error: bad.join("; "), secrets: [] });
          continue;
        }
        try {
          const run = await runCase(source, c, targets);
          const mismatches = compare(c.expect, run.outcome);
          results.push({
            ...base,
            ok: mismatches.length === 0,
            mismatches,
            outcome: run.outcome,
            ...(run.why !== undefined && run.why.length > 0 && { why: run.why }),
            secrets: run.secrets,
          });
        } catch (err) {
          if (!(err instanceof CaseError)) throw err;
          results.push({ ...base, ok: false, error: err.message, secrets: [] });
        }
      }
    }
  } finally {
    targets.dispose();
  }
  const failed = results.filter((r) => !r.ok).length;
  return { results, passed: results.length - failed, failed, coverage: coverage(sources, results) };
}

/** The sources' mappings that some case's request ended at (owned, ignored or refused by it). */
function coverage(sources: readonly CaseSource[], results: readonly CaseResult[]): Coverage {
  const reachedIds = new Set(
    results.flatMap((r) => (r.outcome?.mapping !== undefined ? [r.outcome.mapping] : [])),
  );
  const all = sources.flatMap((s) => s.mappings.map((m) => ({ mapping: m.id, file: s.label })));
  const notReached = all.filter((m) => !reachedIds.has(m.mapping));
  const reached = all.length - notReached.length;
  const percent = all.length === 0 ? 100 : Math.floor((reached * 100) / all.length);
  return { total: all.length, reached, percent, notReached };
}
