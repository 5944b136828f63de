// Rule files: hooks.rules entries and the built-in presets. A list of mappings plus optional pack metadata.
import { basename, extname, resolve } from "node:path";
import type { Mapping } from "../../types/generated.js";
import { checkMapping } from "../check/mapping-checks.js";
import { validateAgainst } from "../check/schema-issues.js";
import { rulesFileValidator } from "../check/schemas.js";
import { ConfigError } from "../errors.js";
import { IssueList, type SourceRef } from "../issues.js";
import type { ConfigIssue, ResolvedMapping } from "../types.js";
import type { PathSegment } from "./key-path.js";
import { displayPath, readSourceFile } from "./source-file.js";

export interface LoadedRulesFile {
  file: string;
  preset?: string;
  aliases: string[];
  description?: string;
  mappings: ResolvedMapping[];
}

export interface RulesFileOptions {
  /** `preset` and `aliases` keys are allowed (files in rules/presets/). */
  allowPresetKeys?: boolean;
  /** When given, `${ENV}` references are interpolated from it (hooks.rules files; presets are not). */
  env?: NodeJS.ProcessEnv;
  /** Folder file names in origins and messages are shown relative to (default: the process cwd). */
  baseDir?: string;
}

interface RawRulesFile {
  preset?: string;
  aliases?: string[];
  description?: string;
  mappings: Mapping[];
}

/** A loaded rule file plus what the config loader needs to point further issues into it. */
export interface RulesFileWithSource {
  loaded: LoadedRulesFile;
  source: SourceRef;
  /** Key path of each mapping inside the file, parallel to `loaded.mappings`. */
  paths: PathSegment[][];
  warnings: ConfigIssue[];
}

export async function loadRulesFile(file: string, opts?: RulesFileOptions): Promise<LoadedRulesFile> {
  return (await readRulesFile(file, opts)).loaded;
}

/** Like loadRulesFile, keeping positions for later checks. Throws ConfigError with every problem found. */
export async function readRulesFile(file: string, opts: RulesFileOptions = {}): Promise<RulesFileWithSource> {
  const absolute = resolve(file);
  const display = displayPath(absolute, opts.baseDir ?? process.cwd());
  const read = await readSourceFile(absolute, display, {
    what: "rule file",
    ...(opts.env ? { env: opts.env } : {}),
  });
  const issues = new IssueList();
  issues.push(...read.issues);
  if (read.parsed) issues.push(...validateAgainst(rulesFileValidator(), read.data, read.source));
  if (issues.hasErrors) throw new ConfigError(issues.items);

  const raw = read.data as RawRulesFile;
  if (!opts.allowPresetKeys) {
    for (const key of ["preset", "aliases"] as const) {
      if (raw[key] !== undefined) {
        issues.error(
          read.source,
          [key],
          "allowed only in built-in preset files (rules/presets/); remove it",
          { key: true },
        );
      }
    }
  }
  const prefix = raw.preset ?? basename(absolute, extname(absolute));
  const paths: PathSegment[][] = [];
  const mappings = raw.mappings.map((m, i): ResolvedMapping => {
    const mapping: ResolvedMapping = {
      ...m,
      id: m.id ?? `${prefix}-${i + 1}`,
      origin: raw.preset ? `preset ${raw.preset} mappings[${i}]` : `${display} mappings[${i}]`,
    };
    if (raw.preset) mapping.preset = raw.preset;
    paths.push(["mappings", i]);
    checkMapping(mapping, ["mappings", i], read.source, issues);
    return mapping;
  });
  if (issues.hasErrors) throw new ConfigError(issues.items);

  const loaded: LoadedRulesFile = { file: absolute, aliases: raw.aliases ?? [], mappings };
  if (raw.preset !== undefined) loaded.preset = raw.preset;
  if (raw.description !== undefined) loaded.description = raw.description;
  return { loaded, source: read.source, paths, warnings: issues.warnings };
}
