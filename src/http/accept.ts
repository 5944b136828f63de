// Turns a wake or agent action into a durable record: policies first (a rejection stores nothing),
// then the safety wrapper, then the store, and only then the response.
import { randomUUID } from "node:crypto";
import type { ResolvedConfig } from "../config/types.js";
import { wrapExternalContent } from "../core/untrusted-content.js";
import type { AgentAction, WakeAction } from "../engine/types.js";
import { agentPolicy } from "../policy/agent-policy.js";
import type { Runtime } from "../runtime/types.js";
import type { AcceptResult, IdempotencyRef, NewRun } from "../store/types.js";
import { HttpError } from "./errors.js";

export interface Accepted {
  result: AcceptResult;
  runId?: string;
}

export interface Acceptor {
  wake(action: WakeAction, hook: string, idem: IdempotencyRef | undefined): Promise<Accepted>;
  agent(
    action: AgentAction,
    hook: string,
    idem: IdempotencyRef | undefined,
    mappingId?: string,
  ): Promise<Accepted>;
}

export function createAcceptor(config: ResolvedConfig, runtime: Runtime): Acceptor {
  const check = agentPolicy(config);
  const store = runtime.store;

  return {
    async wake(action, hook, idem) {
      const result = await durably(() =>
        store.acceptWake(
          { text: action.text, mode: action.mode, source: action.name ?? hook, receivedAt: Date.now() },
          (outcome) => ({ status: 200, body: { ok: true, mode: action.mode, eventOutcome: outcome } }),
          idem,
        ),
      );
      if (!result.duplicate) runtime.wakeAccepted(action.mode);
      return { result };
    },

    async agent(action, hook, idem, mappingId) {
      const verdict = check(action);
      if (!verdict.ok) throw new HttpError(verdict.code, verdict.error);
      const { sessionKey, model, channel } = verdict.value;

      const id = randomUUID();
      const receivedAt = Date.now();
      const name = action.name ?? hook;
      const message = action.allowUnsafeExternalContent
        ? action.message
        : wrapExternalContent(action.message, {
            hookName: name,
            runId: id,
            receivedAt,
            source: action.contentSource ?? "Webhook",
          });
      const run: NewRun = {
        id,
        name,
        message,
        sessionKey,
        wakeMode: action.wakeMode ?? "now",
        deliver: action.deliver ?? true,
        channel,
        receivedAt,
        ...(action.agentId !== undefined && { agentId: action.agentId }),
        ...(model !== undefined && { model }),
        ...(action.thinking !== undefined && { thinking: action.thinking }),
        ...(action.timeoutSeconds !== undefined && { timeoutSeconds: action.timeoutSeconds }),
        ...(action.to !== undefined && { to: action.to }),
        ...(action.preset !== undefined && { preset: action.preset }),
        ...(mappingId !== undefined && { mappingId }),
      };
      const result = await durably(() =>
        store.acceptRun(run, (runId) => ({ status: 202, body: { ok: true, runId } }), idem),
      );
      if (!result.duplicate) runtime.runAccepted();
      return { result, runId: String(result.response.body.runId ?? id) };
    },
  };
}

/** A store failure is ours, not the client's: 503, and nothing was acknowledged. */
async function durably<T>(op: () => Promise<T>): Promise<T> {
  try {
    return await op();
  } catch (err) {
    throw new HttpError("STORE_UNAVAILABLE", undefined, { headers: { "retry-after": "5" }, cause: err });
  }
}
