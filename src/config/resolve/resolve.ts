// From schema-valid raw config to ResolvedConfig: defaults, paths and every cross-check, collected.

import type { HookgateConfig } from "../../types/generated.js";
import { checkHookToken } from "../check/weak-token.js";
import type { ResolvedConfig } from "../types.js";
import { resolveAgents } from "./agents.js";
import type { ResolveContext } from "./context.js";
import { resolveHooks } from "./hooks.js";
import { observeSections } from "./observe.js";
import {
  alertsSection,
  channelsSection,
  deliverySection,
  heartbeatSection,
  providersSection,
  serverSection,
} from "./sections.js";
import { storeSection } from "./store.js";

export async function resolveConfig(raw: HookgateConfig, ctx: ResolveContext): Promise<ResolvedConfig> {
  const { agents, catalog, checkProvider } = resolveAgents(raw, ctx);
  const hooks = await resolveHooks(raw, { ids: agents.list.map((a) => a.id), models: catalog }, ctx);
  if (hooks.mail.model !== undefined) {
    const path = mailModelPath(raw);
    hooks.mail.model = catalog.check(hooks.mail.model, path, ctx);
    // Mail runs go to the default agent unless a mapping routes elsewhere.
    const main = agents.list.find((a) => a.id === agents.defaultAgentId);
    if (main?.runner.kind === "llm") checkProvider(hooks.mail.model, path);
  }
  checkHookToken(raw, hooks.token, ctx, hooks.enabled ? hooks.authFailures : undefined);
  const { metrics, console, requestLog, retention } = observeSections(raw, hooks.path, ctx);
  return {
    file: ctx.file,
    dir: ctx.dir,
    server: { ...serverSection(raw), metrics, console },
    hooks,
    agents,
    providers: providersSection(raw),
    channels: channelsSection(raw, ctx),
    delivery: deliverySection(raw),
    ...alertsSection(raw, ctx),
    heartbeat: heartbeatSection(raw, ctx),
    store: storeSection(raw, ctx),
    requestLog,
    retention,
  };
}

/** Where the mail pack's model was given: hooks.mail, hooks.gmail or hooks.packs.<mail or gmail>. */
function mailModelPath(raw: HookgateConfig): string[] {
  const h = raw.hooks ?? {};
  if (h.gmail?.model !== undefined) return ["hooks", "gmail", "model"];
  for (const name of ["mail", "gmail"]) {
    if (h.packs?.[name]?.["model"] !== undefined) return ["hooks", "packs", name, "model"];
  }
  return ["hooks", "mail", "model"];
}
