// Load-time warnings about rules that load fine but silently never match or render nothing: a `var`
// in match.when outside the data it sees, header names with capitals (headers arrive lower-cased),
// and a match.path that repeats hooks.path. Each names the mapping and field and suggests the fix.
import { closest } from "../config/check/closest.js";
import type { ConfigIssue } from "../config/issues.js";
import { formatKeyPath } from "../config/source/key-path.js";
import type { ResolvedMapping } from "../config/types.js";
import { canReachPrefix, certainKeyStart } from "../core/session-key-reach.js";
import { normaliseHookPath } from "./hook-path.js";
import { varRefs } from "./logic.js";
import { fieldPath, TEMPLATE_SOURCES } from "./rule.js";

/**
 * What match.when sees; `path` is the hook name itself, `verified` set after a passed verify, `ce` a
 * CloudEvent's attributes.
 */
const WHEN_ROOTS = ["payload", "headers", "query", "path", "verified", "ce"] as const;

const TEMPLATE_FIELDS = TEMPLATE_SOURCES.map(([, field]) => field);

/**
 * `sessionKeyPrefixes`: hooks.allowedSessionKeyPrefixes as resolved (lower-cased; null = any key), for
 * the warning about templated session keys that no allowed prefix admits.
 */
export function lintMapping(
  mapping: ResolvedMapping,
  hooksPath: string,
  sessionKeyPrefixes: readonly string[] | null = null,
): ConfigIssue[] {
  const warnings: ConfigIssue[] = [];
  const warn = (field: string, message: string, offset?: number) =>
    warnings.push({
      severity: "warning",
      path: fieldPath(mapping, field),
      message: `mapping ${mapping.id}: ${message}`,
      ...(offset !== undefined && { offset }),
    });

  const when = mapping.match?.when;
  if (when !== undefined && typeof when !== "boolean") {
    for (const { path, at } of varRefs(when, [])) {
      const fix = whenPathFix(path);
      if (!fix) continue;
      const or = fix.or !== undefined && fix.or !== fix.path ? ` (or ${varText(fix.or)})` : "";
      // The key path runs down to the `var` itself, so the warning points at it.
      warn(
        formatKeyPath(["match", "when", ...at]),
        `${varText(path)} ${fix.why}; write ${varText(fix.path)}${or}`,
      );
    }
  }

  for (const field of TEMPLATE_FIELDS) {
    const source = mapping[field];
    if (source === undefined) continue;
    for (const { name, index } of templateHeaderNames(source)) {
      if (name === name.toLowerCase()) continue;
      warn(
        field,
        `headers.${name} always renders empty: header names are lower-case; write headers.${name.toLowerCase()}`,
        index,
      );
    }
  }

  // `path: /hooks/github` under hooks.path /hooks would need a request to /hooks/hooks/github.
  const path = mapping.match?.path;
  const prefix = normaliseHookPath(hooksPath);
  if (path !== undefined && prefix !== "") {
    const normal = normaliseHookPath(path);
    if (normal.startsWith(`${prefix}/`)) {
      const meant = normal.slice(prefix.length + 1);
      warn(
        "match.path",
        `"${path}" repeats hooks.path, so it matches only POST ${hooksPath}/${normal} (match.path is the part after ${hooksPath}); write path: ${meant}`,
      );
    }
  }
  // A literal key is an error at load (config/check/mapping-policy.ts, and config/packs/ for the
  // packs' keys, which are not given here); a template's can only be warned about.
  const sessionKey = mapping.sessionKey;
  if (sessionKey?.includes("{{") && sessionKeyPrefixes !== null && mapping.action !== "ignore") {
    const start = certainKeyStart(sessionKey);
    if (start !== "" && !canReachPrefix(start, sessionKeyPrefixes)) {
      const listed = sessionKeyPrefixes.join(", ") || "none";
      warn(
        "sessionKey",
        `its session keys start with "${start}", which none of hooks.allowedSessionKeyPrefixes (${listed}) admits, so every run with a key would be refused; add "${start}" to hooks.allowedSessionKeyPrefixes or change the key`,
      );
    }
  }

  return warnings;
}

function varText(path: string): string {
  return JSON.stringify({ var: path });
}

/** Why a `var` path of match.when reads nothing, and the path it likely meant; undefined when fine. */
function whenPathFix(path: string): { why: string; path: string; or?: string } | undefined {
  if (path === "") return undefined;
  const dot = path.indexOf(".");
  const first = dot === -1 ? path : path.slice(0, dot);
  const rest = dot === -1 ? "" : path.slice(dot);
  if ((WHEN_ROOTS as readonly string[]).includes(first)) {
    if (first === "headers" && rest !== rest.toLowerCase()) {
      return { why: "is always null: header names are lower-case", path: `headers${rest.toLowerCase()}` };
    }
    return undefined;
  }
  const why = "is always null: match.when sees only payload, headers, query, path, verified and ce";
  const payloadPath = `payload.${path}`;
  const root = closest(first, WHEN_ROOTS);
  if (root === undefined) return { why, path: payloadPath };
  const rootPath = `${root}${root === "headers" ? rest.toLowerCase() : rest}`;
  // `Payload.x` is a slip of case; `paths.x` may as well be a payload field.
  return { why, path: root === first.toLowerCase() ? rootPath : payloadPath, or: rootPath };
}

/**
 * Header names a template reads as `headers.<name>` (also `../headers.<name>` inside blocks), with the
 * index of each reference. Only inside mustaches, leaving string literals out; a rough scan is enough
 * for a warning.
 */
function templateHeaderNames(source: string): { name: string; index: number }[] {
  const names: { name: string; index: number }[] = [];
  for (const mustache of source.matchAll(/\{\{([^}]*)\}\}/g)) {
    // Blank out string literals, keeping the length so indexes stay right.
    const code = mustache[1]!.replace(/"[^"]*"|'[^']*'/g, (lit) => " ".repeat(lit.length));
    for (const m of code.matchAll(/(?<![\w.@\]-])headers\.([A-Za-z0-9_-]+)/g)) {
      names.push({ name: m[1]!, index: mustache.index + 2 + m.index });
    }
  }
  return names;
}
