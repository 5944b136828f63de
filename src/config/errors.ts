import type { ConfigIssue } from "./issues.js";
import type { RulesConfig } from "./types.js";

/**
 * The rules of a configuration that failed to load, as far as they could be read without errors of
 * their own. `hookgate validate` compiles them, so one run also reports template, `when` and
 * transform errors, not only the errors that stopped the load.
 */
export interface RulesToCheck {
  hooks: RulesConfig;
  /** server.publicUrl, which twilio's verify signs: without it validate would refuse what serve takes. */
  server?: { publicUrl?: string };
  /** Gives an issue found by the compiler the file:line:column of its key path. */
  placeIssue(issue: ConfigIssue): ConfigIssue;
}

/** Thrown when a configuration cannot be used; carries every error found (and the warnings). */
export class ConfigError extends Error {
  readonly issues: ConfigIssue[];
  readonly rules: RulesToCheck | undefined;

  constructor(issues: ConfigIssue[], rules?: RulesToCheck) {
    const errors = issues.filter((i) => i.severity === "error");
    super(errors.length === 1 ? formatIssue(errors[0]!) : `${errors.length} configuration errors`);
    this.name = "ConfigError";
    this.issues = issues;
    this.rules = rules;
  }
}

/** `file:line:column: path: message`, leaving out the parts that are unknown. */
export function formatIssue(issue: ConfigIssue): string {
  let where = "";
  if (issue.file) {
    where = issue.file;
    if (issue.line !== undefined)
      where += `:${issue.line}${issue.column !== undefined ? `:${issue.column}` : ""}`;
    where += ": ";
  }
  const key = issue.path ? `${issue.path}: ` : "";
  const tag = issue.severity === "error" ? "" : `${issue.severity}: `;
  return `${where}${tag}${key}${issue.message}`;
}
