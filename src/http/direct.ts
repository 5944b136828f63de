// The two built-in endpoints, /wake and /agent: their payloads are the actions themselves.
import type { AgentAction, WakeAction } from "../engine/types.js";
import { checkAgent, checkWake } from "../schemas/payloads.js";
import { HttpError } from "./errors.js";

export type DirectAction = { kind: "wake"; action: WakeAction } | { kind: "agent"; action: AgentAction };

/** The action of `/wake` or `/agent`, or null for any other hook name (left to the rule index). */
export function dispatchDirect(name: string, payload: unknown): DirectAction | null {
  if (name === "wake") {
    const r = checkWake(payload);
    if (!r.ok) throw new HttpError("INVALID_PAYLOAD", r.error);
    return { kind: "wake", action: { text: r.value.text, mode: r.value.mode ?? "now" } };
  }
  if (name === "agent") {
    const r = checkAgent(payload);
    if (!r.ok) throw new HttpError("INVALID_PAYLOAD", r.error);
    const action: AgentAction = { ...r.value, contentSource: "Webhook" };
    if (r.value.sessionKey !== undefined) action.sessionKeyFromRequest = true;
    return { kind: "agent", action };
  }
  return null;
}
