import { allow, type PolicyResult, reject } from "./result.js";

/**
 * An explicit agentId must be admitted by hooks.allowedAgentIds (null = any, [] = none). No agentId is
 * always fine: the default agent runs. Unknown but allowed ids fall back to the default agent later.
 */
export function checkAgentId(
  agentId: string | undefined,
  allowed: readonly string[] | null,
): PolicyResult<void> {
  if (agentId === undefined || allowed === null) return allow(undefined);
  if (allowed.includes(agentId)) return allow(undefined);
  return reject("AGENT_NOT_ALLOWED", "agentId is not allowed by hooks.allowedAgentIds");
}
