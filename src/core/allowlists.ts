// The allowlist predicates, shared by the ingress policies (per request) and the config checks (at
// load, on a mapping's literal values), so both always agree on what is refused.
import { CHANNELS } from "./channels.js";
import { MAIN_SESSION_KEY } from "./main-session.js";
import { allow, type PolicyResult, reject } from "./policy-result.js";

/**
 * The form agent ids are compared in: trimmed and lower-cased, as OpenClaw normalises them, so `OPS`
 * and `ops` name one agent in allowlists, routing and the config.
 */
export function agentIdKey(id: string): string {
  return id.trim().toLowerCase();
}

/**
 * An explicit agentId must be admitted by hooks.allowedAgentIds (null = any, [] = none; stored in
 * agentIdKey form). No agentId is always fine: the default agent runs. Unknown but allowed ids fall
 * back to the default agent later.
 */
export function checkAgentId(
  agentId: string | undefined,
  allowed: readonly string[] | null,
): PolicyResult<void> {
  if (agentId === undefined || allowed === null) return allow(undefined);
  if (allowed.includes(agentIdKey(agentId))) return allow(undefined);
  return reject("AGENT_NOT_ALLOWED", "agentId is not allowed by hooks.allowedAgentIds");
}

/** `last` is always accepted; a named channel must be configured under `channels`. */
export function checkChannel(channel: string, configured: readonly string[]): PolicyResult<string> {
  if (channel === "last" || configured.includes(channel)) return allow(channel);
  if (!(CHANNELS as readonly string[]).includes(channel)) {
    return reject("CHANNEL_UNKNOWN", `channel must be last or one of: ${CHANNELS.join(", ")}`);
  }
  return reject(
    "CHANNEL_NOT_CONFIGURED",
    `channel ${channel} is not configured; add channels.${channel} to the config or use channel: last`,
  );
}

/** The main session's own key (any case): no hook run may use it. */
export function isReservedSessionKey(key: string): boolean {
  return key.trim().toLowerCase() === MAIN_SESSION_KEY;
}

/** Prefixes are stored lower-cased; keys compare case-insensitively. */
export function hasAllowedPrefix(key: string, prefixes: readonly string[]): boolean {
  const lower = key.toLowerCase();
  return prefixes.some((p) => lower.startsWith(p));
}
