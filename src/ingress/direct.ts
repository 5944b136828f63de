// The two built-in endpoints, /wake and /agent: their payloads are the actions themselves. Fields the
// service does not read are ignored (OpenClaw senders add their own); the known ones are checked.
import type { AgentAction, WakeAction } from "../engine/types.js";
import { checkAgentRequest, checkWakeRequest } from "../schemas/payloads.js";
import type { AgentPayload } from "../types/generated.js";

export type DirectAction =
  | { ok: true; kind: "wake"; action: WakeAction }
  | { ok: true; kind: "agent"; action: AgentAction }
  | { ok: false; error: string };

/** The action of `/wake` or `/agent`, or null for any other hook name (left to the rules). */
export function directAction(name: string, payload: unknown): DirectAction | null {
  if (name === "wake") {
    const r = checkWakeRequest(payload);
    if (!r.ok) return r;
    return { ok: true, kind: "wake", action: { text: r.value.text, mode: r.value.mode ?? "now" } };
  }
  if (name === "agent") {
    const r = checkAgentRequest(payload);
    if (!r.ok) return r;
    return { ok: true, kind: "agent", action: agentAction(r.value) };
  }
  return null;
}

/**
 * The action of a checked /agent body: its fields but the idempotency key (the transport's,
 * hook-route.ts) and waitForCompletion (not waited on). Copied field by field: a spread copy given
 * one more field (`{ ...fields, contentSource }`) gets a hidden class of its own in optimised code, every
 * request a new one, and each read of the action further on (policies, the run, the request log) then
 * misses V8's inline caches.
 */
function agentAction(body: AgentPayload): AgentAction {
  const action: Record<string, unknown> = {};
  for (const key of Object.keys(body)) {
    if (key !== "idempotencyKey" && key !== "waitForCompletion")
      action[key] = body[key as keyof AgentPayload];
  }
  action["contentSource"] = "Webhook";
  if (body.sessionKey !== undefined) action["sessionKeyFromRequest"] = true;
  return action as unknown as AgentAction;
}
