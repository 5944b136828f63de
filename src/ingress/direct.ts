// The two built-in endpoints, /wake and /agent: their payloads are the actions themselves. Fields the
// service does not read are ignored (OpenClaw senders add their own); the known ones are checked.
import type { AgentAction, WakeAction } from "../engine/types.js";
import { checkAgentRequest, checkWakeRequest } from "../schemas/payloads.js";

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
    // The idempotency key is the transport's (hook-route.ts); waitForCompletion is not waited on.
    const { idempotencyKey: _key, waitForCompletion: _wait, ...fields } = r.value;
    const action: AgentAction = { ...fields, contentSource: "Webhook" };
    if (r.value.sessionKey !== undefined) action.sessionKeyFromRequest = true;
    return { ok: true, kind: "agent", action };
  }
  return null;
}
