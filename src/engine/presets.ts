// The packs' mappings for the rule index. A loaded configuration brings its enabled packs
// (config.hooks.packs, resolved with their parameters by the config loader); a configuration built in
// code names only hooks.presets, which are then enabled from the built-in folder with their defaults.
import { ConfigError } from "../config/errors.js";
import { type ConfigIssue, IssueList } from "../config/issues.js";
import { builtInPacksDir, loadPackCatalog } from "../config/packs/catalog.js";
import { enablePacks, PackFinder } from "../config/packs/enable.js";
import type { ResolvedMapping, RulesConfig } from "../config/types.js";

/** rules/presets/ of the package. */
export const defaultPresetsDir = builtInPacksDir;

/**
 * The mappings of the enabled packs, in hooks.presets order, each pack once. Throws ConfigError naming
 * `hooks.presets[i]` for an unknown name.
 */
export async function presetMappings(
  hooks: Pick<RulesConfig, "presets" | "packs">,
  dir?: string,
): Promise<{ mappings: ResolvedMapping[]; warnings: ConfigIssue[] }> {
  if (hooks.packs) return { mappings: hooks.packs.flatMap((p) => p.mappings), warnings: [] };
  if (hooks.presets.length === 0) return { mappings: [], warnings: [] };
  const issues = new IssueList();
  const catalog = await loadPackCatalog(dir !== undefined ? { builtInDir: dir } : {});
  issues.push(...catalog.issues);
  const packs = await enablePacks(hooks.presets, {
    finder: new PackFinder(catalog, { issues }),
    inputs: new Map(),
    env: {},
    issues,
    source: {},
  });
  if (issues.hasErrors) throw new ConfigError(issues.items);
  return { mappings: packs.flatMap((p) => p.mappings), warnings: issues.warnings };
}
