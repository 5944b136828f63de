// Every policy an agent action must pass before it is accepted, in one place, so the ingress and
// `hookgate test` give the same verdict.
import { modelCatalog } from "../config/resolve/models.js";
import type { ResolvedConfig } from "../config/types.js";
import { checkAgentId, checkChannel } from "../core/allowlists.js";
import { allow, type PolicyResult } from "../core/policy-result.js";
import type { AgentAction } from "../engine/types.js";
import { configuredChannels } from "./channel.js";
import { resolveModel } from "./model.js";
import { resolveSessionKey } from "./session-key.js";

export interface AgentVerdict {
  sessionKey: string;
  /** The action's own, else hooks.sessionMode. */
  sessionMode: "persistent" | "isolated";
  /** Canonical `provider/model` when the action asked for a model. */
  model?: string;
  channel: string;
}

/** Builds the checker once per config; it runs per request. */
export function agentPolicy(config: ResolvedConfig): (action: AgentAction) => PolicyResult<AgentVerdict> {
  const { hooks } = config;
  const models = modelCatalog(config);
  const channels = configuredChannels(config);
  return (action) => {
    const agent = checkAgentId(action.agentId, hooks.allowedAgentIds);
    if (!agent.ok) return agent;
    const sessionKey = resolveSessionKey(action.sessionKey, action.sessionKeyFromRequest === true, hooks);
    if (!sessionKey.ok) return sessionKey;
    const model = resolveModel(action.model, models);
    if (!model.ok) return model;
    const channel = checkChannel(action.channel ?? "last", channels);
    if (!channel.ok) return channel;
    return allow({
      sessionKey: sessionKey.value,
      sessionMode: action.sessionMode ?? hooks.sessionMode,
      channel: channel.value,
      ...(model.value !== undefined && { model: model.value }),
    });
  };
}
