// Where embedded test cases come from: a rule file (hooks.rules, or one given with --pack) or a pack.
// The runner needs the same few things of each: the cases, where their payload files are, the
// mappings the file contributes (for coverage and a case's default path), and the rules a case runs
// against — for a pack, its mappings with the case's parameter values.
import type { ConfigIssue } from "../../config/issues.js";
import type { ResolvedMapping } from "../../config/types.js";
import type { TestCase } from "../../types/generated.js";

export interface PackMappings {
  mappings: ResolvedMapping[];
  /** Secret values the mappings hold (parameters marked secret): never printed. */
  secrets: string[];
}

export interface CaseSource {
  /** How the file is named in output (relative to the working folder). */
  label: string;
  /** Absolute path of the file. */
  file: string;
  /** payloadFile entries are relative to this folder (the file's own). */
  baseDir: string;
  cases: TestCase[];
  /** The mappings the file contributes, in order (coverage; the first match.path is a case's default path). */
  mappings: ResolvedMapping[];
  /**
   * rules: its cases run against the whole configuration, in its order (an earlier mapping that takes
   * a case's request is a failure worth seeing). pack: against the pack's own mappings, built by
   * `build` with the case's parameter values over the pack's defaults.
   */
  scope:
    | { kind: "rules" }
    | { kind: "pack"; build(params: Record<string, unknown> | undefined): Promise<PackMappings> };
  /** Gives an issue about the file's mappings (from the rule compiler) its file:line:column. */
  place(issue: ConfigIssue): ConfigIssue;
}

/** The hook name a case without `path` goes to: the first match.path among the file's mappings. */
export function defaultPath(source: CaseSource): string | undefined {
  return source.mappings.find((m) => typeof m.match?.path === "string")?.match?.path;
}
