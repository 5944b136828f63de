import type { ConfigIssue } from "./types.js";

/** Thrown when a configuration cannot be used; carries every error found (and the warnings). */
export class ConfigError extends Error {
  readonly issues: ConfigIssue[];

  constructor(issues: ConfigIssue[]) {
    const errors = issues.filter((i) => i.severity === "error");
    super(errors.length === 1 ? formatIssue(errors[0]!) : `${errors.length} configuration errors`);
    this.name = "ConfigError";
    this.issues = issues;
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
  const tag = issue.severity === "warning" ? "warning: " : "";
  return `${where}${tag}${key}${issue.message}`;
}
