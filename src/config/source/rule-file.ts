// Rule files: hooks.rules entries. A list of mappings, an optional description and test cases.
import { basename, extname, resolve } from "node:path";
import type { Mapping, TestCase } from "../../types/generated.js";
import { checkMapping } from "../check/mapping-checks.js";
import { validateAgainst } from "../check/schema-issues.js";
import { rulesFileValidator } from "../check/schemas.js";
import { ConfigError } from "../errors.js";
import { afterErrors, type ConfigIssue, hasIssueAt, IssueList, type SourceRef } from "../issues.js";
import type { ResolvedMapping } from "../types.js";
import type { PathSegment } from "./key-path.js";
import { displayPath, readSourceFile } from "./source-file.js";

export interface LoadedRulesFile {
  file: string;
  description?: string;
  mappings: ResolvedMapping[];
  /** The file's embedded test cases (`tests:`), as written; `hookgate test` runs them. */
  tests?: TestCase[];
}

export interface RulesFileOptions {
  /** When given, `${ENV}` references are interpolated from it. */
  env?: NodeJS.ProcessEnv;
  /** Folder file names in origins and messages are shown relative to (default: the process cwd). */
  baseDir?: string;
  /** Folder a relative `${file:PATH}` resolves against (the config file's; default: the rule file's). */
  configDir?: string;
}

interface RawRulesFile {
  description?: string;
  mappings: Mapping[];
  tests?: TestCase[];
}

/** A rule file as read for a config: what loaded, every problem found, and how to place more issues. */
export interface RulesFileWithSource {
  /** Its mappings without problems of their own (all of them when `issues` has no errors). */
  loaded: LoadedRulesFile;
  source: SourceRef;
  /** Key path of each mapping inside the file, parallel to `loaded.mappings`. */
  paths: PathSegment[][];
  /** Errors and warnings. */
  issues: ConfigIssue[];
}

/** Loads a rule file; throws ConfigError with every problem found. */
export async function loadRulesFile(file: string, opts?: RulesFileOptions): Promise<LoadedRulesFile> {
  const read = await readRulesFile(file, opts);
  if (read.issues.some((i) => i.severity === "error")) throw new ConfigError(read.issues);
  return read.loaded;
}

/**
 * Like loadRulesFile, keeping positions for later checks, and returning its problems instead of
 * throwing: a mapping with a problem of its own is left out, the others are kept, so that the rule
 * compiler can still check them and one `hookgate validate` run reports everything.
 */
export async function readRulesFile(file: string, opts: RulesFileOptions = {}): Promise<RulesFileWithSource> {
  const absolute = resolve(file);
  const display = displayPath(absolute, opts.baseDir ?? process.cwd());
  const read = await readSourceFile(absolute, display, {
    what: "rule file",
    ...(opts.env ? { env: opts.env } : {}),
    ...(opts.configDir !== undefined && { dir: opts.configDir }),
  });
  const issues = new IssueList();
  issues.push(...read.issues);
  const loaded: LoadedRulesFile = { file: absolute, mappings: [] };
  const result = { loaded, source: read.source, paths: [] as PathSegment[][], issues: issues.items };
  if (!read.parsed) return result;
  issues.push(...afterErrors(issues.items, validateAgainst(rulesFileValidator(), read.data, read.source)));
  if (!isRulesFile(read.data)) return result;

  const raw = read.data as RawRulesFile & Record<string, unknown>;
  // The schema still lists them (built-in packs were rule files once): say where they belong now.
  for (const key of ["preset", "aliases"] as const) {
    if (raw[key] !== undefined) {
      issues.error(
        read.source,
        [key],
        "belongs in a pack file (id, version, params: see docs/guides/packs.md, Writing a pack), not a rule file; remove it",
        { key: true },
      );
    }
  }
  const prefix = basename(absolute, extname(absolute));
  for (const [i, m] of raw.mappings.entries()) {
    if (hasIssueAt(issues.items, ["mappings", i])) continue;
    const mapping: ResolvedMapping = {
      ...m,
      id: m.id ?? `${prefix}-${i + 1}`,
      action: m.action ?? "agent",
      origin: `${display} mappings[${i}]`,
    };
    // A missing message is reported, but the mapping is kept: its `when` and templates can still be checked.
    checkMapping(mapping, ["mappings", i], read.source, issues);
    result.paths.push(["mappings", i]);
    loaded.mappings.push(mapping);
  }
  if (typeof raw.description === "string") loaded.description = raw.description;
  if (Array.isArray(raw.tests) && !hasIssueAt(issues.items, ["tests"])) loaded.tests = raw.tests;
  return result;
}

/** Enough of the expected shape to read mappings from (the schema reports the rest). */
function isRulesFile(data: unknown): boolean {
  return (
    data !== null && typeof data === "object" && Array.isArray((data as { mappings?: unknown }).mappings)
  );
}
