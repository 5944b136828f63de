// A pack's parameter values: the user's (hooks.packs.<name>, or hooks.mail / hooks.gmail for mail)
// checked against the declared type, else the default: a built-in pack's with `${ENV}` expanded, any
// other pack's as written (third-party.ts). Secrets are never quoted.
import { closest } from "../check/closest.js";
import { hasIssueAt, type IssueList, type SourceRef } from "../issues.js";
import { interpolateEnv } from "../source/interpolate.js";
import { formatKeyPath, type PathSegment } from "../source/key-path.js";
import { environmentReferences, isThirdParty, literalDefault, packFrom } from "./third-party.js";
import type { PackDefinition, PackParam } from "./types.js";

/** The values a user gave for one pack, and where. */
export interface ParamInput {
  given: Record<string, unknown>;
  /** Key path of the block in the config, e.g. ["hooks", "packs", "github"]. */
  path: PathSegment[];
  source: SourceRef;
}

export function resolveParamValues(
  pack: PackDefinition,
  input: ParamInput | undefined,
  env: NodeJS.ProcessEnv,
  issues: IssueList,
  /** Where a missing required parameter is reported when the user gave no block: the hooks.presets entry. */
  enabledAt?: { source: SourceRef; path: PathSegment[] },
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const failed = new Set<string>();
  const names = Object.keys(pack.params);
  const where = input ? input.path : ["hooks", "packs", pack.id];
  const shown = (name: string) => [...where, name].join(".");
  for (const [name, value] of Object.entries(input?.given ?? {})) {
    // Already reported (an unset ${ENV} in it): neither checked again nor reported missing.
    if (hasIssueAt(issues.items, [...input!.path, name])) {
      failed.add(name);
      continue;
    }
    const param = pack.params[name];
    if (!param) {
      const guess = closest(name, names);
      issues.error(
        input!.source,
        [...input!.path, name],
        `pack ${pack.id} has no parameter ${name}; ${guess ? `did you mean ${guess}? ` : ""}its parameters: ${names.join(", ") || "(none)"} (hookgate packs show ${pack.id})`,
        { key: true },
      );
      continue;
    }
    // A value read from a secret file (${file:...}) is never quoted either.
    const hidden = input!.source.hidden?.has(formatKeyPath([...input!.path, name])) === true;
    const checked = checkValue(value, hidden ? { ...param, secret: true } : param);
    if ("error" in checked) {
      failed.add(name);
      issues.error(
        input!.source,
        [...input!.path, name],
        `parameter ${name} of pack ${pack.id}: ${checked.error}`,
      );
    } else {
      values[name] = checked.value;
    }
  }
  for (const [name, param] of Object.entries(pack.params)) {
    if (Object.hasOwn(values, name) || failed.has(name)) continue;
    if (param.default !== undefined && isThirdParty(pack)) {
      const reads = environmentReferences(param.default);
      if (reads.length > 0) {
        // Not used, and not taken literally either: "${X}" as a verify secret would be one anyone knows.
        issues.error(
          input?.source ?? enabledAt?.source ?? {},
          input ? input.path : (enabledAt?.path ?? []),
          `pack ${pack.id} (${packFrom(pack)}) is not built in, so its defaults cannot read the environment or files; the default of parameter ${name} reads ${reads.join(", ")}: set ${shown(name)} in your configuration if you mean it to have a value`,
        );
        continue;
      }
    }
    if (param.default !== undefined) {
      const expanded = isThirdParty(pack)
        ? { value: literalDefault(param.default), problems: [] }
        : interpolateEnv(param.default, env);
      if (expanded.problems.length === 0) {
        const checked = checkValue(expanded.value, param);
        if ("error" in checked) {
          issues.error(
            pack.source,
            ["params", name, "default"],
            `default of parameter ${name}: ${checked.error}`,
          );
        } else {
          values[name] = checked.value;
        }
        continue;
      }
    }
    if (param.required) {
      const vars = envNames(param.default).filter((v) => env[v] === undefined || env[v] === "");
      const alternative = vars.length > 0 ? ` or the environment variable ${vars.join(", ")}` : "";
      issues.error(
        input?.source ?? enabledAt?.source ?? {},
        input ? input.path : (enabledAt?.path ?? []),
        `pack ${pack.id} needs parameter ${name}${param.description ? ` (${param.description.trim()})` : ""}: set ${shown(name)}${alternative}`,
      );
    }
  }
  return values;
}

/** The names of the `${NAME}` variables in a default. */
function envNames(value: unknown): string[] {
  const text = JSON.stringify(value ?? null);
  return [...text.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-[^}]*)?\}/g)].map((m) => m[1]!);
}

const TYPE_NAMES: Record<PackParam["type"], string> = {
  string: "a string",
  boolean: "true or false",
  integer: "an integer",
  number: "a number",
  array: "a list of strings",
};

/**
 * The value as the parameter's type, or why it is not one. A string from `${ENV}` is read as a boolean
 * or number when the parameter wants one ("true", "42"): environment variables are always strings.
 */
export function checkValue(value: unknown, param: PackParam): { value: unknown } | { error: string } {
  const expected = TYPE_NAMES[param.type];
  const found = param.secret ? "a value of another type" : describe(value);
  const fail = { error: `expected ${expected}, found ${found}` };
  let v = value;
  switch (param.type) {
    case "string":
      if (typeof v !== "string") return fail;
      break;
    case "boolean":
      if (v === "true" || v === "false") v = v === "true";
      if (typeof v !== "boolean") return fail;
      break;
    case "integer":
    case "number":
      if (typeof v === "string" && /^-?\d+(\.\d+)?$/.test(v.trim())) v = Number(v);
      if (typeof v !== "number" || !Number.isFinite(v)) return fail;
      if (param.type === "integer" && !Number.isInteger(v)) return fail;
      break;
    case "array":
      if (!Array.isArray(v) || v.some((item) => typeof item !== "string")) return fail;
      break;
  }
  if (param.enum && !(Array.isArray(v) ? v : [v]).every((item) => param.enum!.includes(item as string))) {
    const shownValue = param.secret ? "the value" : JSON.stringify(v);
    return { error: `${shownValue} is not one of ${param.enum.map((e) => JSON.stringify(e)).join(", ")}` };
  }
  return { value: v };
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value))
    return value.every((x) => typeof x === "string") ? "a list" : "a list with non-strings";
  if (typeof value === "object") return "an object";
  if (typeof value === "string")
    return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return `${typeof value} ${String(value)}`;
}
