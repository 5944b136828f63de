// The case sources of a configuration (its rule files and enabled presets), or of one file given with
// --pack (a rule file, or a preset file from rules/presets/).
import { dirname } from "node:path";
import { bareConfig } from "../../config/bare.js";
import { ConfigError } from "../../config/errors.js";
import { readRulesFile } from "../../config/source/rule-file.js";
import { displayPath } from "../../config/source/source-file.js";
import type { ConfigIssue, ResolvedConfig } from "../../config/types.js";
import { loadPresetCatalog, type PresetPack } from "../../engine/presets.js";
import type { CaseSource } from "./source.js";

/** Every rule file of hooks.rules and every preset hooks.presets enables, in the order they are tried. */
export async function configSources(config: ResolvedConfig, cwd = process.cwd()): Promise<CaseSource[]> {
  const sources: CaseSource[] = [];
  for (const file of config.hooks.ruleFiles ?? []) {
    const read = await readRulesFile(file, { env: process.env, baseDir: cwd, configDir: config.dir });
    // The config loaded, so the file did too; its mappings there carry the ids it was given.
    const ids = new Set(read.loaded.mappings.map((m) => m.id));
    sources.push({
      label: displayPath(file, cwd),
      file,
      baseDir: dirname(file),
      cases: read.loaded.tests ?? [],
      mappings: config.hooks.mappings.filter((m) => ids.has(m.id)),
      scope: { kind: "rules" },
    });
  }
  if (config.hooks.presets.length > 0) {
    const catalog = await loadPresetCatalog();
    const seen = new Set<PresetPack>();
    for (const name of config.hooks.presets) {
      const pack = catalog.get(name);
      if (!pack || seen.has(pack)) continue;
      seen.add(pack);
      sources.push(await presetSource(pack.file, cwd));
    }
  }
  return sources;
}

/** A preset file: its cases run against its own mappings. */
async function presetSource(file: string, cwd: string): Promise<CaseSource> {
  const read = await readRulesFile(file, { allowPresetKeys: true, baseDir: cwd });
  throwOnErrors(read.issues);
  const { mappings } = read.loaded;
  return {
    label: displayPath(file, cwd),
    file: read.loaded.file,
    baseDir: dirname(read.loaded.file),
    cases: read.loaded.tests ?? [],
    mappings,
    scope: {
      kind: "pack",
      build: async (params) => {
        if (params && Object.keys(params).length > 0) {
          throw new Error(`params: ${displayPath(file, cwd)} declares no parameters`);
        }
        return { mappings: structuredClone(mappings), secrets: [] };
      },
    },
  };
}

/**
 * One file on its own (--pack FILE): a preset file (it has a `preset` key) runs as a pack; a rule file
 * runs in a configuration of its own, with transforms from hooks/transforms beside it.
 */
export async function fileSources(
  file: string,
  cwd = process.cwd(),
): Promise<{ config: ResolvedConfig; sources: CaseSource[]; warnings: ConfigIssue[] }> {
  const probe = await readRulesFile(file, { allowPresetKeys: true, baseDir: cwd });
  throwOnErrors(probe.issues);
  const absolute = probe.loaded.file;
  const dir = dirname(absolute);
  if (probe.loaded.preset !== undefined) {
    const { config, warnings } = await bareConfig(dir, {}, cwd);
    return { config, sources: [await presetSource(absolute, cwd)], warnings };
  }
  // The default transforms folder is hooks/transforms beside the file, as beside a config file.
  const { config, warnings } = await bareConfig(dir, { rules: [absolute] }, cwd);
  return { config, sources: await configSources(config, cwd), warnings };
}

function throwOnErrors(issues: ConfigIssue[]): void {
  if (issues.some((i) => i.severity === "error")) throw new ConfigError(issues);
}
