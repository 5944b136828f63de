// A fingerprint of everything that decides a request: the hooks settings (the token left out), the
// rules in order with their transforms' code, and what the policies check against (agent ids, models,
// configured channel names). The request log keeps it with each request, so replay and the console
// can say whether the rules changed since a request was decided.
import { createHash } from "node:crypto";
import type { ResolvedConfig } from "../config/types.js";
import type { RuleIndex } from "../engine/compile.js";

export function rulesDigest(config: ResolvedConfig, index: RuleIndex): string {
  const { token: _token, ...hooks } = config.hooks;
  const parts = {
    hooks,
    rules: index.rules.map((r) => [r.id, r.origin, r.transform?.sourceDigest ?? null]),
    agents: config.agents.list.map((a) => a.id),
    defaultAgent: config.agents.defaultAgentId,
    models: config.agents.defaults.models,
    channels: Object.keys(config.channels).sort(),
  };
  return createHash("sha256").update(JSON.stringify(parts)).digest("base64url").slice(0, 16);
}
