// Which agent, model, thinking level and timeout a turn uses. Precedence, most specific first:
// the run's own value → the mail pack's setting (for mail runs) → the agent's → agents.defaults.
import { modelCatalog } from "../config/resolve/models.js";
import type { ResolvedAgent, ResolvedConfig } from "../config/types.js";
import { agentIdKey } from "../core/allowlists.js";
import type { NewRun } from "../store/types.js";

export interface TurnSettings {
  agent: ResolvedAgent;
  /** `provider/model` (aliases resolved), or undefined when nothing names one. */
  model?: string;
  thinking?: string;
  timeoutSeconds: number;
}

/** The mail pack's id, and its alias, which runs queued by older versions may carry. */
const MAIL_PACK = new Set(["mail", "gmail"]);

/** The agent with this id (in any case); an unknown or missing id falls back to the default agent. */
export function resolveAgent(config: ResolvedConfig, id?: string): ResolvedAgent {
  const list = config.agents.list;
  const key = id === undefined ? undefined : agentIdKey(id);
  const found = key === undefined ? undefined : list.find((a) => a.id === key);
  return found ?? list.find((a) => a.id === config.agents.defaultAgentId) ?? list[0]!;
}

/**
 * An alias of agents.defaults.models becomes its `provider/model` key; anything else stays as it is
 * (the ingress and the config loader already refused names the list does not allow).
 */
export function resolveModelName(config: ResolvedConfig, name: string | undefined): string | undefined {
  if (!name) return undefined;
  return modelCatalog(config).canonical(name) ?? name;
}

export function runSettings(config: ResolvedConfig, run: NewRun): TurnSettings {
  const agent = resolveAgent(config, run.agentId);
  const defaults = config.agents.defaults;
  const mail = run.pack && MAIL_PACK.has(run.pack) ? config.hooks.mail : {};
  return {
    agent,
    model: resolveModelName(config, run.model ?? mail.model ?? agent.model ?? defaults.model),
    thinking: run.thinking ?? mail.thinking ?? agent.thinking ?? defaults.thinking,
    timeoutSeconds: run.timeoutSeconds ?? agent.timeoutSeconds ?? defaults.timeoutSeconds,
  };
}

/** Heartbeats are turns of the default agent with its own settings. */
export function heartbeatSettings(config: ResolvedConfig): TurnSettings {
  const agent = resolveAgent(config);
  const defaults = config.agents.defaults;
  return {
    agent,
    model: resolveModelName(config, agent.model ?? defaults.model),
    thinking: agent.thinking ?? defaults.thinking,
    timeoutSeconds: agent.timeoutSeconds ?? defaults.timeoutSeconds,
  };
}
