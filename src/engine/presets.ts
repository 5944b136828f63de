// Built-in rule packs: every rule file in rules/presets/ is a preset, named by its `preset` key and
// enabled by that name or one of its `aliases`. Adding a preset is adding a file.
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { closest } from "../config/check/closest.js";
import { ConfigError } from "../config/errors.js";
import { loadRulesFile } from "../config/source/rule-file.js";
import type { ConfigIssue, ResolvedMapping } from "../config/types.js";

/** rules/presets/ of the package; the same relative place from src/engine and dist/engine. */
export const defaultPresetsDir = fileURLToPath(new URL("../../rules/presets/", import.meta.url));

const RULE_FILE = /\.(ya?ml|json)$/i;

export interface PresetPack {
  name: string;
  aliases: string[];
  description?: string;
  file: string;
  mappings: ResolvedMapping[];
}

/** Every preset in the folder by name and by alias (both keys point to the same pack). */
export async function loadPresetCatalog(dir: string = defaultPresetsDir): Promise<Map<string, PresetPack>> {
  const files = (await readdir(dir)).filter((f) => RULE_FILE.test(f)).sort();
  const catalog = new Map<string, PresetPack>();
  for (const f of files) {
    const loaded = await loadRulesFile(join(dir, f), { allowPresetKeys: true, baseDir: dir });
    const name = loaded.preset ?? f.replace(RULE_FILE, "");
    const pack: PresetPack = { name, aliases: loaded.aliases, file: loaded.file, mappings: loaded.mappings };
    if (loaded.description !== undefined) pack.description = loaded.description;
    for (const key of [name, ...loaded.aliases]) {
      const taken = catalog.get(key);
      if (taken) throw new Error(`preset name ${key} is declared by both ${taken.file} and ${pack.file}`);
      catalog.set(key, pack);
    }
  }
  return catalog;
}

/**
 * The mappings of the presets named in hooks.presets, in that order, each pack once.
 * Unknown names are errors naming `hooks.presets[i]` and listing the known names.
 */
export async function presetMappings(
  names: readonly string[],
  dir?: string,
): Promise<{ mappings: ResolvedMapping[]; warnings: ConfigIssue[] }> {
  if (names.length === 0) return { mappings: [], warnings: [] };
  const catalog = await loadPresetCatalog(dir);
  const issues: ConfigIssue[] = [];
  const enabled = new Map<PresetPack, number>();
  names.forEach((name, i) => {
    const pack = catalog.get(name);
    if (!pack) {
      const names = [...catalog.keys()].sort();
      const guess = closest(name, names);
      issues.push({
        severity: "error",
        path: `hooks.presets[${i}]`,
        message: `unknown preset "${name}"; ${guess ? `did you mean ${guess}? ` : ""}known presets: ${names.join(", ") || "(none)"}`,
      });
      return;
    }
    const first = enabled.get(pack);
    if (first !== undefined) {
      issues.push({
        severity: "warning",
        path: `hooks.presets[${i}]`,
        message: `"${name}" enables preset ${pack.name}, already enabled by hooks.presets[${first}]; remove one`,
      });
      return;
    }
    enabled.set(pack, i);
  });
  if (issues.some((x) => x.severity === "error")) throw new ConfigError(issues);
  return { mappings: [...enabled.keys()].flatMap((p) => p.mappings), warnings: issues };
}
