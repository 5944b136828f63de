// The rules of a config whose syntax is fine but which has schema (or ${ENV}) errors elsewhere: the
// parts of hooks without errors of their own, read as the full resolution would read them. Nothing
// else is resolved — cross-checks on invalid data would only add errors that follow from the first.
import { isObject } from "../../core/is-object.js";
import type { HooksConfig, Mapping } from "../../types/generated.js";
import { schemaDefaults } from "../check/schemas.js";
import { resolveTransformsDir } from "../check/transforms.js";
import { type ConfigIssue, hasIssueAt } from "../issues.js";
import type { PathSegment } from "../source/key-path.js";
import type { RulesConfig } from "../types.js";
import type { ResolveContext } from "./context.js";
import { collectMappings } from "./mappings.js";
import { type PacksPart, resolvePacks } from "./packs.js";

export async function partialRules(
  raw: unknown,
  found: readonly ConfigIssue[],
  ctx: ResolveContext,
): Promise<RulesConfig> {
  const h = (isObject(raw) && isObject(raw["hooks"]) ? raw["hooks"] : {}) as Record<string, unknown>;
  const clean = (...path: PathSegment[]) =>
    h[path[0] as string] !== undefined && !hasIssueAt(found, ["hooks", ...path]);
  // Parameter blocks are read even with an error inside (an unset ${ENV}): the parameters with one
  // are left out there, and the others still count, so no pack "needs" a parameter that is set.
  const blocks = (key: string) =>
    isObject(h[key]) && !found.some((i) => i.severity === "error" && i.path === `hooks.${key}`)
      ? h[key]
      : undefined;
  const mappings = Array.isArray(h["mappings"]) ? (h["mappings"] as Mapping[]) : [];
  const rules = clean("rules") ? (h["rules"] as string[]) : [];
  const transforms =
    h["transformsDir"] === undefined || clean("transformsDir")
      ? resolveTransformsDir(h["transformsDir"] as string | undefined, ctx)
      : undefined;
  const { entries } = await collectMappings(
    { mappings, rules },
    transforms?.ok ? transforms.dir : null,
    ctx,
    (i) => isObject(mappings[i]) && !hasIssueAt(found, ["hooks", "mappings", i]),
  );
  const defaults = (name: string) => schemaDefaults(name);
  const packs = await resolvePacks(
    {
      presets: clean("presets") ? (h["presets"] as string[]) : [],
      packs: packBlocks(blocks("packs"), found),
      packDirs: clean("packDirs") ? (h["packDirs"] as string[]) : undefined,
      mail: blocks("mail") as PacksPart["mail"],
      gmail: blocks("gmail") as PacksPart["gmail"],
    },
    ctx,
  );
  return {
    // Only the rule compiler's warnings read the path, and they are not shown for a failed load.
    path: "",
    packs: packs.packs,
    mappings: entries.map((e) => e.mapping),
    transformsDir: transforms?.dir ?? "",
    transformLimits: {
      ...defaults("transformLimits"),
      ...(clean("transformLimits") ? (h["transformLimits"] as HooksConfig["transformLimits"]) : {}),
    } as RulesConfig["transformLimits"],
    mail: packs.mail,
  };
}

/** hooks.packs without the blocks that are not objects (the schema said so already). */
function packBlocks(packs: unknown, found: readonly ConfigIssue[]): PacksPart["packs"] {
  if (packs === undefined) return undefined;
  const entries = Object.entries(packs as Record<string, unknown>).filter(
    ([name, block]) =>
      isObject(block) && !found.some((i) => i.severity === "error" && i.path === `hooks.packs.${name}`),
  );
  return Object.fromEntries(entries) as PacksPart["packs"];
}
