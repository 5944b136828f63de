// Entry point of configuration loading: find the file (or use the built-in default), parse, interpolate,
// validate against the schema, resolve and cross-check. Every problem is collected into one ConfigError,
// which also carries the rules that could still be read, so validate can compile them too.
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { HookgateConfig } from "../types/generated.js";
import { validateAgainst } from "./check/schema-issues.js";
import { configValidator } from "./check/schemas.js";
import { builtInConfig } from "./default.js";
import { ConfigError } from "./errors.js";
import { afterErrors, type ConfigIssue, IssueList } from "./issues.js";
import { isOpenClawFile } from "./openclaw/detect.js";
import { readOpenClaw } from "./openclaw/read.js";
import type { ResolveContext } from "./resolve/context.js";
import { partialRules } from "./resolve/partial-rules.js";
import { resolveConfig } from "./resolve/resolve.js";
import type { LoadedRulesFile } from "./source/rule-file.js";
import { type SecretTextFilter, secretTextFilter } from "./source/secret-text.js";
import { displayPath, readSourceFile } from "./source/source-file.js";
import { SourceRegistry } from "./source/sources.js";
import { defaultToken } from "./token.js";
import type { ResolvedConfig, RulesConfig } from "./types.js";

/** Looked for in the working folder, in this order, when no file is given. */
export const configFileNames = ["hookgate.yaml", "hookgate.yml", "hookgate.json"] as const;

export interface LoadConfigOptions {
  file?: string;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** Built-in default only: create .hookgate/token when no token exists (serve: true, validate: false). */
  generateToken?: boolean;
  /**
   * false for commands that serve nothing (events, runs, test): no hook token is then needed, and an
   * unset variable in hooks.token is no error. The token is "" when there is none. Default true.
   */
  requireToken?: boolean;
}

export interface LoadedConfig {
  config: ResolvedConfig;
  warnings: ConfigIssue[];
  /** A token created by this load (built-in default); print it once. */
  generatedToken?: string;
  /** How the config file is named in messages (relative to cwd), or `built-in default`. */
  source: string;
  /** Gives an issue found later (e.g. by the rule compiler) the file:line:column of its key path. */
  placeIssue(issue: ConfigIssue): ConfigIssue;
  /**
   * The rule files as this load read them, by absolute path, their test cases included: `validate`
   * and `test` take the cases from here instead of reading and parsing every file a second time.
   */
  rulesFiles?: ReadonlyMap<string, LoadedRulesFile>;
}

export function findConfigFile(cwd: string): string | undefined {
  return configFileNames.map((name) => join(cwd, name)).find((file) => existsSync(file));
}

export async function loadConfig(opts: LoadConfigOptions = {}): Promise<LoadedConfig> {
  const cwd = resolve(opts.cwd ?? process.cwd());
  const env = opts.env ?? process.env;
  const file = opts.file !== undefined ? resolve(cwd, opts.file) : findConfigFile(cwd);
  const requireToken = opts.requireToken ?? true;
  return file !== undefined
    ? loadFile(file, cwd, env, requireToken)
    : loadBuiltIn(cwd, env, opts.generateToken ?? false, requireToken);
}

async function loadFile(
  file: string,
  cwd: string,
  env: NodeJS.ProcessEnv,
  requireToken: boolean,
): Promise<LoadedConfig> {
  const display = displayPath(file, cwd);
  // An OpenClaw file is JSON5, translated first; `${ENV}` is replaced in what the translation kept.
  const openclaw = isOpenClawFile(file);
  const read = await readSourceFile(
    file,
    display,
    openclaw ? { what: "OpenClaw config file", format: "json5" } : { env, what: "config file" },
  );
  const translated = openclaw && read.parsed ? readOpenClaw(read, env) : undefined;
  const data = translated ? translated.data : read.data;
  const source = translated ? translated.source : read.source;
  const shown = translated ? translated.shown : (issue: ConfigIssue) => issue;
  const issues = new IssueList();
  const found = [...read.issues, ...(translated?.issues ?? [])];
  issues.push(...(requireToken ? found : withoutTokenIssues(found, data)));
  if (!read.parsed) throw new ConfigError(issues.items);
  issues.push(...afterErrors(issues.items, validateAgainst(configValidator(), data, source)));
  const sources = new SourceRegistry(source);
  const rulesFiles = new Map<string, LoadedRulesFile>();
  const ctx: ResolveContext = {
    dir: dirname(file),
    cwd,
    file,
    env,
    source,
    issues,
    sources,
    requireToken,
    rulesFiles,
  };
  // Built when first needed, once every rule file has been read (a message never quotes a secret file).
  let filter: SecretTextFilter | undefined;
  const secretFree = (issue: ConfigIssue): ConfigIssue => {
    filter ??= secretTextFilter(sources.fileTexts());
    const message = filter(issue.message);
    // A file named by a secret file's value (a rule file path) is named in `file`.
    const file = issue.file !== undefined ? filter(issue.file) : undefined;
    if (message === issue.message && file === issue.file) return issue;
    return { ...issue, message, ...(file !== undefined && { file }) };
  };
  const placeIssue = (issue: ConfigIssue) => secretFree(shown(sources.place(issue)));
  const report = (list: ConfigIssue[]) => {
    filter = undefined;
    return sortIssues(
      list.map((issue) => secretFree(shown(issue))),
      display,
    );
  };
  const publicUrl = (data as { server?: { publicUrl?: unknown } } | null)?.server?.publicUrl;
  const server = typeof publicUrl === "string" ? { server: { publicUrl } } : {};
  const fail = (hooks: RulesConfig) =>
    new ConfigError(report(issues.items), { hooks, placeIssue, ...server });
  // With errors, the rules that can still be read go with the error, for validate to compile.
  if (issues.hasErrors) throw fail(await partialRules(data, [...issues.items], ctx));
  const config = await resolveConfig(data as HookgateConfig, ctx);
  if (issues.hasErrors) throw fail(config.hooks);
  return {
    config,
    warnings: report(issues.warnings),
    source: display,
    placeIssue,
    rulesFiles,
  };
}

async function loadBuiltIn(
  cwd: string,
  env: NodeJS.ProcessEnv,
  generate: boolean,
  requireToken: boolean,
): Promise<LoadedConfig> {
  const { token, generated, tokenFile } = await defaultToken({ dir: cwd, env, generate });
  if (token === undefined && requireToken) {
    throw new ConfigError([
      {
        severity: "error",
        path: "hooks.token",
        message: `no config file (${configFileNames.join(", ")}) and no token: set HOOKGATE_TOKEN, write one to ${displayPath(tokenFile, cwd)}, or run hookgate serve once to generate it`,
      },
    ]);
  }
  const issues = new IssueList();
  const sources = new SourceRegistry({});
  const ctx: ResolveContext = { dir: cwd, cwd, file: null, env, source: {}, issues, sources, requireToken };
  const config = await resolveConfig(builtInConfig(token ?? ""), ctx);
  if (issues.hasErrors) throw new ConfigError(issues.items);
  const loaded: LoadedConfig = {
    config,
    warnings: issues.warnings,
    source: "built-in default",
    placeIssue: (issue) => sources.place(issue),
  };
  if (generated !== undefined) loaded.generatedToken = generated;
  return loaded;
}

/**
 * Drops the interpolation errors of hooks.token (a variable only the server's environment sets) and
 * blanks the token, so a command that serves nothing still loads.
 */
function withoutTokenIssues(issues: ConfigIssue[], data: unknown): ConfigIssue[] {
  const kept = issues.filter((i) => i.path !== "hooks.token");
  if (kept.length === issues.length) return issues;
  const hooks = (data as { hooks?: { token?: unknown } } | null)?.hooks;
  if (hooks && typeof hooks === "object") hooks.token = "";
  return kept;
}

/** Reading order: the config file first, then rule files by name; within a file by position. */
export function sortIssues(issues: ConfigIssue[], mainFile: string): ConfigIssue[] {
  const rank = (i: ConfigIssue) => (i.file === mainFile ? "" : (i.file ?? ""));
  return [...issues].sort(
    (a, b) =>
      rank(a).localeCompare(rank(b)) || (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0),
  );
}
