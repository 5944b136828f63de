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
    if (opts.pack !== undefined) {
      let placeIssue: typeof place;
      ({ config, sources, warnings, placeIssue } = await fileSources(opts.pack));
      place = placeIssue;
    } else {
      // Nothing is served, so the hook token is not needed.
      const loaded = await loadConfig({ file: opts.config, requireToken: false });
      config = loaded.config;
      place = loaded.placeIssue;
      sources = await configSources(config, process.cwd(), place, loaded.rulesFiles);
      warnings = [...loaded.warnings];
    }
    // The whole configuration compiles first, its errors one load error rather than one per case;
    // the cases then run against it. They run one at a time: one transform worker is enough.
    compiled = await compileRules(config, { transformWorkers: 1, simulated: true });
    warnings.push(...compiled.warnings, ...(await templateNameWarnings(sources)));
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
