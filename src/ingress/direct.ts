// The two built-in endpoints, /wake and /agent: their payloads are the actions themselves.
import type { AgentAction, WakeAction } from "../engine/types.js";
import { checkAgent, checkWake } from "../schemas/payloads.js";

export type DirectAction =
  | { ok: true; kind: "wake"; action: WakeAction }
  | { ok: true; kind: "agent"; action: AgentAction }
  | { ok: false; error: string };

/** The action of `/wake` or `/agent`, or null for any other hook name (left to the rules). */
export function directAction(name: string, payload: unknown): DirectAction | null {
  if (name === "wake") {
    const r = checkWake(payload);
    if (!r.ok) return r;
    return { ok: true, kind: "wake", action: { text: r.value.text, mode: r.value.mode ?? "now" } };
  }
  if (name === "agent") {
    const r = checkAgent(payload);
    if (!r.ok) return r;
    const action: AgentAction = { ...r.value, contentSource: "Webhook" };
    if (r.value.sessionKey !== undefined) action.sessionKeyFromRequest = true;
    return { ok: true, kind: "agent", action };
  }
  return null;
}
