// hooks.rules: expand each entry (globs in sorted order) and load every file once.
import { resolve } from "node:path";
import type { ResolveContext } from "../resolve/context.js";
import { expandGlob, hasGlob } from "./glob.js";
import { type RulesFileWithSource, readRulesFile } from "./rule-file.js";

export async function loadRuleFiles(
  patterns: readonly string[],
  ctx: ResolveContext,
): Promise<RulesFileWithSource[]> {
  const files: string[] = [];
  for (const [i, pattern] of patterns.entries()) {
    if (!hasGlob(pattern)) {
      files.push(resolve(ctx.dir, pattern));
      continue;
    }
    // A broad pattern such as *.yaml may match the config file itself; it is not a rule file.
    const matches = (await expandGlob(pattern, ctx.dir)).filter((f) => f !== ctx.file);
    if (matches.length === 0) {
      ctx.issues.warn(ctx.source, ["hooks", "rules", i], `"${pattern}" matches no files in ${ctx.dir}`);
    }
    files.push(...matches);
  }
  const loaded: RulesFileWithSource[] = [];
  for (const file of new Set(files)) {
    const result = await readRulesFile(file, { env: ctx.env, baseDir: ctx.cwd, configDir: ctx.dir });
    ctx.issues.push(...result.issues);
    if (result.source.file !== undefined) ctx.sources.addRuleFile(result.source.file, result.source);
    ctx.rulesFiles?.set(result.loaded.file, result.loaded);
    loaded.push(result);
  }
  return loaded;
}
