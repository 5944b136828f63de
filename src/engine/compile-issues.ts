// What compiling a config's rules finds, placed in the files it is about: `hookgate validate` prints
// it, and a reload that fails logs it, so both name the same problems at the same file:line:column.
import { ConfigError, type RulesToCheck } from "../config/errors.js";
import type { ConfigIssue } from "../config/issues.js";
import { compileRules } from "./compile.js";

/** Compiles `rules` (and disposes what that started); errors and warnings apart. */
export async function compileIssues(
  rules: RulesToCheck,
): Promise<{ errors: ConfigIssue[]; warnings: ConfigIssue[] }> {
  let found: ConfigIssue[];
  try {
    // Compiled to be checked only, never routed with: one transform worker, and no sandboxes for calls.
    const compiled = await compileRules(rules, { transformWorkers: 1, checkOnly: true });
    found = compiled.warnings;
    compiled.dispose();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    found = err.issues;
  }
  return placeIssues(found, rules.placeIssue);
}

/** Issues of the rule compiler placed at their file:line:column; errors and warnings apart. */
export function placeIssues(
  found: readonly ConfigIssue[],
  placeIssue: (issue: ConfigIssue) => ConfigIssue,
): { errors: ConfigIssue[]; warnings: ConfigIssue[] } {
  const placed = found.map(placeIssue);
  return {
    errors: placed.filter((i) => i.severity === "error"),
    warnings: placed.filter((i) => i.severity !== "error"),
  };
}
