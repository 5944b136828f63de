// `hookgate test` without a hook name: every embedded case (`tests:`) of the configuration's rule files
// and enabled packs, or of one file (--pack), through the same simulation as `hookgate test NAME`.
import { ConfigError, formatIssue } from "../config/errors.js";
import type { ConfigIssue } from "../config/issues.js";
import { loadConfig } from "../config/load.js";
import type { ResolvedConfig } from "../config/types.js";
import { type CompiledRules, compileRules } from "../engine/compile.js";
import { configSources, fileSources } from "./cases/load-sources.js";
import { suiteJson, suiteText } from "./cases/report.js";
import type { CaseSource } from "./cases/source.js";
import { runSuite } from "./cases/suite.js";
import { templateNameWarnings } from "./cases/template-names.js";

export interface CaseOptions {
  config?: string | undefined;
  pack?: string | undefined;
  json?: boolean | undefined;
  /** Whole percent of mappings the cases must reach. */
  failUnder?: number | undefined;
}

/** Exit status: 0 every case passed (and coverage is at least failUnder), 1 otherwise or a load error. */
export async function runEmbeddedCases(opts: CaseOptions): Promise<number> {
  let config: ResolvedConfig;
  let sources: CaseSource[];
  // Issues the rule compiler finds name key paths; this gives them the file:line:column.
  let place = (issue: ConfigIssue) => issue;
  // The configuration's rules, compiled once: checked for warnings here, then run by the cases.
  let compiled: CompiledRules | undefined;
  try {
    let warnings: ConfigIssue[];
    let reading: Promise<CaseSource[]>;
    if (opts.pack !== undefined) {
      let placeIssue: typeof place;
      ({ config, sources, warnings, placeIssue } = await fileSources(opts.pack));
      place = placeIssue;
      reading = Promise.resolve(sources);
    } else {
      // Nothing is served, so the hook token is not needed.
      const loaded = await loadConfig({ file: opts.config, requireToken: false });
      config = loaded.config;
      place = loaded.placeIssue;
      reading = configSources(config, process.cwd(), place, loaded.rulesFiles);
      warnings = [...loaded.warnings];
    }
    // The whole configuration compiles first, its errors one load error rather than one per case;
    // the cases then run against it. They run one at a time: one transform worker is enough. The
    // cases are read while the rules compile (a transform loads in esbuild's process and a worker).
    const [read, built] = await Promise.allSettled([
      reading.then(async (found) => ({ found, unread: await templateNameWarnings(found) })),
      compileRules(config, { transformWorkers: 1, simulated: true }),
    ]);
    if (built.status === "fulfilled") compiled = built.value;
    // The cases' problems first, as when they were read before the rules compiled.
    if (read.status === "rejected") throw read.reason;
    if (built.status === "rejected") throw built.reason;
    sources = read.value.found;
    warnings.push(...built.value.warnings, ...read.value.unread);
    for (const w of warnings) process.stderr.write(`${formatIssue(place(w))}\n`);
  } catch (err) {
    compiled?.dispose();
    if (!(err instanceof ConfigError)) throw err;
    for (const issue of err.issues) process.stderr.write(`${formatIssue(place(issue))}\n`);
    return 1;
  }

  const suite = await runSuite(config, sources, compiled);
  process.stdout.write(opts.json ? suiteJson(suite) : suiteText(suite));
  if (suite.failed > 0) return 1;
  if (opts.failUnder !== undefined && suite.coverage.percent < opts.failUnder) {
    process.stderr.write(
      `hookgate test: coverage ${suite.coverage.percent}% is below --fail-under ${opts.failUnder}%\n`,
    );
    return 1;
  }
  return 0;
}
