// hooks.presets, hooks.packs, hooks.packDirs, and hooks.mail / hooks.gmail (the mail pack's parameters
// under their older names): the enabled packs with their parameter values.
import { resolve } from "node:path";
import type { MailConfig } from "../../types/generated.js";
import { schemaDefaults } from "../check/schemas.js";
import { loadPackCatalog } from "../packs/catalog.js";
import { enablePacks, PackFinder } from "../packs/enable.js";
import type { ParamInput } from "../packs/params.js";
import { checkPackSessionKeys } from "../packs/session-keys.js";
import type { PackDefinition } from "../packs/types.js";
import type { PathSegment } from "../source/key-path.js";
import type { EnabledPack } from "../types.js";
import type { ResolveContext } from "./context.js";

export interface PacksPart {
  presets?: string[] | undefined;
  packs?: Record<string, Record<string, unknown>> | undefined;
  packDirs?: string[] | undefined;
  mail?: Record<string, unknown> | undefined;
  gmail?: Record<string, unknown> | undefined;
}

export interface ResolvedPacks {
  packs: EnabledPack[];
  /** Absolute folders of hooks.packDirs. */
  packDirs: string[];
  /** The mail pack's model, thinking and allowUnsafeExternalContent (the engine and runtime read them). */
  mail: MailConfig;
}

const MAIL_SETTINGS = ["model", "thinking", "allowUnsafeExternalContent"] as const;

export async function resolvePacks(
  h: PacksPart,
  ctx: ResolveContext,
  opts: { sessionKeyPrefixes?: readonly string[] | null } = {},
): Promise<ResolvedPacks> {
  const packDirs = (h.packDirs ?? []).map((d) => resolve(ctx.dir, d));
  const catalog = await loadPackCatalog({
    dirs: packDirs.map((dir, i) => ({ dir, path: ["hooks", "packDirs", i] })),
    configSource: ctx.source,
    baseDir: ctx.cwd,
  });
  ctx.issues.push(...catalog.issues);
  const finder = new PackFinder(catalog, { npmFrom: ctx.dir, baseDir: ctx.cwd, issues: ctx.issues });
  const presets = h.presets ?? [];

  // The user's parameter blocks, by the pack they name.
  const blocks: { name: string; path: PathSegment[]; given: Record<string, unknown> }[] = [
    ...Object.entries(h.packs ?? {}).map(([name, given]) => ({
      name,
      path: ["hooks", "packs", name],
      given,
    })),
    ...(h.mail !== undefined ? [{ name: "mail", path: ["hooks", "mail"], given: h.mail }] : []),
    ...(h.gmail !== undefined ? [{ name: "mail", path: ["hooks", "gmail"], given: h.gmail }] : []),
  ];
  const inputs = new Map<PackDefinition, ParamInput>();
  for (const block of blocks) {
    const { pack, tried, broken } = await finder.find(block.name);
    if (broken) continue;
    if (!pack) {
      ctx.issues.error(ctx.source, block.path, finder.unknownMessage(block.name, tried), {
        key: true,
      });
      continue;
    }
    const taken = inputs.get(pack);
    if (taken) {
      ctx.issues.error(
        ctx.source,
        block.path,
        `${taken.path.join(".")} already gives the parameters of pack ${pack.id}; keep one of the two`,
        { key: true },
      );
      continue;
    }
    inputs.set(pack, { given: block.given, path: block.path, source: ctx.source });
  }

  const packs = await enablePacks(presets, {
    finder,
    inputs,
    env: ctx.env,
    issues: ctx.issues,
    source: ctx.source,
    sources: ctx.sources,
  });
  const enabled = new Set(packs.map((p) => p.pack));
  for (const [pack, input] of inputs) {
    if (enabled.has(pack)) continue;
    ctx.issues.warn(
      ctx.source,
      input.path,
      `pack ${pack.id} is not enabled, so these parameters do nothing; add ${pack.id} to hooks.presets`,
      { key: true },
    );
  }
  if (opts.sessionKeyPrefixes) checkPackSessionKeys(packs, opts.sessionKeyPrefixes, ctx, presets);

  const mailPack = packs.find((p) => p.pack.id === "mail");
  const mailGiven = mailPack?.values ?? [...inputs].find(([p]) => p.id === "mail")?.[1].given ?? {};
  const mail = schemaDefaults("mailConfig") as MailConfig;
  for (const key of MAIL_SETTINGS) {
    if (mailGiven[key] !== undefined) (mail as Record<string, unknown>)[key] = mailGiven[key];
  }
  return { packs, packDirs, mail };
}
