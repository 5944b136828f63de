// hooks: token, path, session-key and agent allowlists, transforms folder, mappings and rule files.

import { agentIdKey, hasAllowedPrefix, isReservedSessionKey } from "../../core/allowlists.js";
import { HEADER_CANNOT_CARRY, headerCannotCarry } from "../../core/header-value.js";
import type { HookgateConfig, HooksConfig } from "../../types/generated.js";
import { checkMappingPolicy, type MappingPolicy } from "../check/mapping-policy.js";
import { schemaDefaults } from "../check/schemas.js";
import { resolveTransformsDir } from "../check/transforms.js";
import { checkPackPolicy } from "../packs/policy.js";
import type { ResolvedConfig, ResolvedMapping } from "../types.js";
import type { ResolveContext } from "./context.js";
import { collectMappings } from "./mappings.js";
import type { ModelCatalog } from "./models.js";
import { resolvePacks } from "./packs.js";

type ResolvedHooks = ResolvedConfig["hooks"];

/** What the hooks section is checked against: the resolved agents and their model list. */
export interface HookAgents {
  ids: readonly string[];
  models: ModelCatalog;
}

export async function resolveHooks(
  raw: HookgateConfig,
  agents: HookAgents,
  ctx: ResolveContext,
): Promise<ResolvedHooks & { ruleFiles: string[] }> {
  const h = { ...schemaDefaults("hooks"), ...raw.hooks } as HooksConfig &
    Required<
      Pick<
        HooksConfig,
        | "enabled"
        | "path"
        | "allowRequestSessionKey"
        | "sessionMode"
        | "maxBodyBytes"
        | "bodyTimeoutSeconds"
        | "unauthenticatedBodyBytes"
        | "idempotencyTtlSeconds"
      >
    >;
  // Presented tokens are trimmed, so a configured one must be too (a CRLF env file adds a \r).
  const token = (h.token ?? "").trim();
  if (headerCannotCarry(token)) ctx.issues.error(ctx.source, ["hooks", "token"], HEADER_CANNOT_CARRY);
  if (h.enabled && token === "" && ctx.requireToken) {
    ctx.issues.error(
      ctx.source,
      ["hooks", "token"],
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the message shows config syntax.
      "required when hooks.enabled is true: set a long random secret, e.g. token: ${HOOKGATE_TOKEN}",
    );
  }
  const prefixes = sessionKeyPrefixes(h, ctx);
  const agentIds = allowedAgentIds(h.allowedAgentIds, agents.ids, ctx);
  const transforms = resolveTransformsDir(h.transformsDir, ctx);
  const policy: MappingPolicy = {
    models: agents.models,
    allowedAgentIds: agentIds,
    channels: Object.keys(raw.channels ?? {}),
    sessionKeyPrefixes: prefixes,
  };
  const { mappings, ruleFiles } = await resolveMappings(
    h,
    transforms.ok ? transforms.dir : null,
    policy,
    ctx,
  );
  warnIfOff(raw.hooks?.enabled, h, mappings.length, ctx);
  const packs = await resolvePacks(h, ctx, { sessionKeyPrefixes: prefixes });
  checkPackPolicy(packs.packs, policy, ctx.issues);

  const hooks: ResolvedHooks & { ruleFiles: string[] } = {
    enabled: h.enabled,
    token,
    path: hooksPath(h.path, ctx),
    allowedAgentIds: agentIds,
    allowRequestSessionKey: h.allowRequestSessionKey,
    sessionMode: h.sessionMode,
    allowedSessionKeyPrefixes: prefixes,
    presets: h.presets ?? [],
    packs: packs.packs,
    packDirs: packs.packDirs,
    mappings,
    ruleFiles,
    transformsDir: transforms.dir,
    transformLimits: {
      ...schemaDefaults("transformLimits"),
      ...h.transformLimits,
    } as ResolvedHooks["transformLimits"],
    mail: packs.mail,
    maxBodyBytes: h.maxBodyBytes,
    bodyTimeoutSeconds: h.bodyTimeoutSeconds,
    unauthenticatedBodyBytes: h.unauthenticatedBodyBytes,
    authFailures: { ...schemaDefaults("authFailures"), ...h.authFailures } as ResolvedHooks["authFailures"],
    idempotencyTtlSeconds: h.idempotencyTtlSeconds,
    lanes: Object.fromEntries(
      Object.entries(h.lanes ?? {}).map(([name, lane]) => [name, { concurrency: lane.concurrency ?? 1 }]),
    ),
  };
  if (h.defaultSessionKey !== undefined) hooks.defaultSessionKey = h.defaultSessionKey;
  return hooks;
}

/**
 * Rules in a config whose hooks are off would never be reached: every request under hooks.path then
 * answers 404. enabled stays required to turn hooks on (as in OpenClaw), but never silently.
 */
function warnIfOff(
  enabled: boolean | undefined,
  h: HooksConfig,
  mappings: number,
  ctx: ResolveContext,
): void {
  if (enabled === true) return;
  const presets = h.presets?.length ?? 0;
  if (mappings === 0 && presets === 0 && (h.rules?.length ?? 0) === 0) return;
  const parts = [
    ...(mappings > 0 ? [`${mappings} mapping${mappings === 1 ? "" : "s"}`] : []),
    ...(presets > 0 ? [`presets: ${h.presets?.join(", ")}`] : []),
  ];
  const state = enabled === false ? "false" : "not set";
  ctx.issues.warn(
    ctx.source,
    ["hooks", "enabled"],
    `${state}, so hooks are off: every request under hooks.path answers 404, although rules are configured (${parts.join(", ") || "hooks.rules"}); add enabled: true under hooks to serve them`,
  );
}

/** Leading `/` added, trailing and repeated `/` removed; `/` alone would swallow the whole server. */
function hooksPath(configured: string, ctx: ResolveContext): string {
  const path = `/${configured.trim()}`.replace(/\/{2,}/g, "/").replace(/\/+$/, "");
  if (path === "") {
    ctx.issues.error(
      ctx.source,
      ["hooks", "path"],
      `"${configured}" would put hooks at the root of the server; use a prefix such as /hooks`,
    );
    return "/hooks";
  }
  if (/[\s?#%]/.test(path)) {
    ctx.issues.error(
      ctx.source,
      ["hooks", "path"],
      `"${configured}" may not contain spaces, ?, # or %; use a plain prefix such as /hooks`,
    );
  }
  return path;
}

function sessionKeyPrefixes(h: HooksConfig, ctx: ResolveContext): string[] | null {
  const reserved = h.defaultSessionKey !== undefined && isReservedSessionKey(h.defaultSessionKey);
  if (reserved) {
    ctx.issues.error(
      ctx.source,
      ["hooks", "defaultSessionKey"],
      `"${h.defaultSessionKey}" is reserved for the main session (the heartbeat's conversation); use a key of its own such as hook:default`,
    );
  }
  if (h.allowedSessionKeyPrefixes === undefined) return null;
  const prefixes: string[] = [];
  for (const [i, raw] of h.allowedSessionKeyPrefixes.entries()) {
    const prefix = raw.trim().toLowerCase();
    if (prefix === "") {
      ctx.issues.error(
        ctx.source,
        ["hooks", "allowedSessionKeyPrefixes", i],
        "a blank prefix would admit every key; remove it",
      );
    } else if (!prefixes.includes(prefix)) {
      prefixes.push(prefix);
    }
  }
  const listed = prefixes.join(", ") || "none";
  if (h.defaultSessionKey === undefined) {
    if (!prefixes.some((p) => "hook:".startsWith(p))) {
      ctx.issues.error(
        ctx.source,
        ["hooks", "allowedSessionKeyPrefixes"],
        `runs without a session key get generated hook:<uuid> keys, which none of these prefixes (${listed}) admit; add "hook:" or set hooks.defaultSessionKey`,
      );
    }
  } else if (!reserved && !hasAllowedPrefix(h.defaultSessionKey, prefixes)) {
    ctx.issues.error(
      ctx.source,
      ["hooks", "defaultSessionKey"],
      `"${h.defaultSessionKey}" does not start with any of hooks.allowedSessionKeyPrefixes (${listed}); change the key or add its prefix`,
    );
  }
  return prefixes;
}

function allowedAgentIds(
  ids: string[] | undefined,
  known: readonly string[],
  ctx: ResolveContext,
): string[] | null {
  if (ids === undefined || ids.includes("*")) return null;
  for (const [i, id] of ids.entries()) {
    if (!known.includes(agentIdKey(id))) {
      ctx.issues.warn(
        ctx.source,
        ["hooks", "allowedAgentIds", i],
        `"${id}" is not an id in agents.list (${known.join(", ")}); requests naming it run the default agent`,
      );
    }
  }
  return [...new Set(ids.map(agentIdKey))];
}

async function resolveMappings(
  h: HooksConfig,
  transformsDir: string | null,
  policy: MappingPolicy,
  ctx: ResolveContext,
): Promise<{ mappings: ResolvedMapping[]; ruleFiles: string[] }> {
  const { entries, ruleFiles } = await collectMappings(h, transformsDir, ctx);
  // Duplicate ids are reported once, by the rule compiler, which also sees the packs' ids.
  for (const { mapping, path, source } of entries)
    checkMappingPolicy(mapping, path, source, policy, ctx.issues);
  return { mappings: entries.map((e) => e.mapping), ruleFiles };
}
