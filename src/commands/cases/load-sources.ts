// The case sources of a configuration (its rule files and enabled packs), or of one file given with
// --pack (a pack file, or a rule file).

import { dirname, resolve } from "node:path";
import { bareConfig } from "../../config/bare.js";
import { ConfigError } from "../../config/errors.js";
import { type ConfigIssue, IssueList } from "../../config/issues.js";
import { instantiatePack, packOrigin } from "../../config/packs/instantiate.js";
import { readPackFile } from "../../config/packs/pack-file.js";
import { resolveParamValues } from "../../config/packs/params.js";
import type { PackDefinition } from "../../config/packs/types.js";
import { type LoadedRulesFile, readRulesFile } from "../../config/source/rule-file.js";
import { displayPath, readSourceFile } from "../../config/source/source-file.js";
import { SourceRegistry } from "../../config/source/sources.js";
import type { ResolvedConfig, ResolvedMapping } from "../../config/types.js";
import { isObject } from "../../core/is-object.js";
import type { TestCase } from "../../types/generated.js";
import type { CaseSource, PackMappings } from "./source.js";
import { TEST_SECRET } from "./test-secret.js";

/** Every rule file of hooks.rules and every pack hooks.presets enables, in the order they are tried. */
export async function configSources(
  config: ResolvedConfig,
  cwd = process.cwd(),
  /** Places the config's issues; its rule files' mappings are compiled with the config's. */
  place: (issue: ConfigIssue) => ConfigIssue = (issue) => issue,
  /** The rule files as the config's load read them (LoadedConfig.rulesFiles): not read again. */
  read?: ReadonlyMap<string, LoadedRulesFile>,
): Promise<CaseSource[]> {
  const sources: CaseSource[] = [];
  for (const file of config.hooks.ruleFiles ?? []) {
    const loaded =
      read?.get(file) ??
      (await readRulesFile(file, { env: process.env, baseDir: cwd, configDir: config.dir })).loaded;
    // The config loaded, so the file did too; its mappings there carry the ids it was given.
    const ids = new Set(loaded.mappings.map((m) => m.id));
    sources.push({
      label: displayPath(file, cwd),
      file,
      baseDir: dirname(file),
      cases: loaded.tests ?? [],
      mappings: config.hooks.mappings.filter((m) => ids.has(m.id)),
      scope: { kind: "rules" },
      place,
    });
  }
  for (const enabled of config.hooks.packs) sources.push(packSource(enabled.pack, cwd));
  return sources;
}

/**
 * A pack: its cases run against its own mappings, with the case's parameter values over the pack's
 * defaults. Secret parameters a case does not give are TEST_SECRET, and defaults are expanded
 * without the environment, so a case gets the same answer on every machine.
 */
export function packSource(pack: PackDefinition, cwd = process.cwd()): CaseSource {
  const build = (params: Record<string, unknown> | undefined): PackMappings => {
    const given: Record<string, unknown> = {};
    for (const [name, p] of Object.entries(pack.params))
      if (p.secret && p.type === "string") given[name] = TEST_SECRET;
    Object.assign(given, params ?? {});
    const issues = new IssueList();
    const values = resolveParamValues(
      pack,
      { given, path: ["tests", "params"], source: pack.source },
      {},
      issues,
    );
    const made = instantiatePack(pack, values);
    const errors = [...issues.items, ...made.issues].filter((i) => i.severity === "error");
    if (errors.length > 0) throw new ConfigError(errors);
    const secrets = Object.entries(pack.params).flatMap(([name, p]) =>
      p.secret && typeof values[name] === "string" ? [values[name] as string] : [],
    );
    return { mappings: made.mappings, secrets };
  };
  // With the defaults: the mappings coverage counts and a case's default path comes from. A pack that
  // does not build so (a required parameter without a default) counts its mappings as written; each
  // case then says why it cannot run.
  let mappings: PackMappings["mappings"];
  try {
    mappings = build(undefined).mappings;
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    mappings = asWritten(pack);
  }
  const tests = pack.document["tests"];
  // Its mappings are named `pack <id> mappings[i]`, as when a config enables it.
  const inPack = new SourceRegistry({});
  inPack.addRuleFile(packOrigin(pack), pack.source);
  return {
    // A built-in pack lives inside the installed package: its id says more than that path.
    label: pack.origin.kind === "built-in" ? `pack ${pack.id}` : displayPath(pack.file, cwd),
    file: pack.file,
    baseDir: dirname(pack.file),
    cases: Array.isArray(tests) ? (tests as TestCase[]) : [],
    mappings,
    scope: { kind: "pack", build: async (params) => build(params) },
    place: (issue) => inPack.place(issue),
  };
}

/** The ids and paths of a pack's mappings as its file writes them, parameters not substituted. */
function asWritten(pack: PackDefinition): ResolvedMapping[] {
  const written = pack.document["mappings"];
  if (!Array.isArray(written)) return [];
  return written.map((m: Partial<ResolvedMapping>, i) => ({
    ...m,
    id: typeof m.id === "string" ? m.id : `${pack.id}-${i + 1}`,
    action: m.action === "wake" ? "wake" : "agent",
    origin: `${packOrigin(pack)} mappings[${i}]`,
  }));
}

/**
 * One file on its own (--pack FILE): a pack file (it has an `id`) runs as a pack; a rule file runs in
 * a configuration of its own, with transforms from hooks/transforms beside it.
 */
export async function fileSources(
  file: string,
  cwd = process.cwd(),
): Promise<{
  config: ResolvedConfig;
  sources: CaseSource[];
  warnings: ConfigIssue[];
  /** Gives an issue about the file's mappings (from the rule compiler) its file:line:column. */
  placeIssue(issue: ConfigIssue): ConfigIssue;
}> {
  const absolute = resolve(cwd, file);
  const dir = dirname(absolute);
  if (await isPackFile(absolute, cwd)) {
    const read = await readPackFile(absolute, { kind: "dir", dir }, { baseDir: cwd });
    if (!read.pack || read.issues.some((i) => i.severity === "error")) throw new ConfigError(read.issues);
    const { config, warnings } = await bareConfig(dir, {}, cwd);
    const source = packSource(read.pack, cwd);
    return { config, sources: [source], warnings: [...read.issues, ...warnings], placeIssue: source.place };
  }
  // The default transforms folder is hooks/transforms beside the file, as beside a config file.
  const { config, warnings, placeIssue } = await bareConfig(dir, { rules: [absolute] }, cwd);
  return { config, sources: await configSources(config, cwd, placeIssue), warnings, placeIssue };
}

async function isPackFile(absolute: string, cwd: string): Promise<boolean> {
  const read = await readSourceFile(absolute, displayPath(absolute, cwd), { what: "pack or rule file" });
  if (!read.parsed) throw new ConfigError(read.issues);
  const data = read.data;
  return isObject(data) && "id" in data;
}
