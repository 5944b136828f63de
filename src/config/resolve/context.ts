// What every resolution step needs: where the config lives, where issues go.
import type { IssueList, SourceRef } from "../issues.js";
import type { LoadedRulesFile } from "../source/rule-file.js";
import type { SourceRegistry } from "../source/sources.js";

export interface ResolveContext {
  /** Folder relative paths resolve against (the config file's folder, or the cwd for the built-in default). */
  dir: string;
  /** Folder file names in messages are shown relative to. */
  cwd: string;
  /** Absolute path of the config file; null for the built-in default. */
  file: string | null;
  env: NodeJS.ProcessEnv;
  /** Locates keys of the config file itself. */
  source: SourceRef;
  issues: IssueList;
  /** Files read while resolving (rule files register here). */
  sources: SourceRegistry;
  /** false for commands that serve nothing: a missing hook token is then no error. */
  requireToken: boolean;
  /** When given, each rule file read is kept here by its absolute path (see LoadedConfig.rulesFiles). */
  rulesFiles?: Map<string, LoadedRulesFile>;
}
