// Replies that come later: a run handed to an HTTP agent that answered 202 waits here for the agent's
// POST to its callback URL. Each wait has its own random token (the URL is the credential), is used
// once, and ends at the run's deadline or when the run is cut off. Waits live in the process that sent
// the run: after a restart the run is sent again with a new callback URL, and the old one is gone.
import { randomBytes } from "node:crypto";
import { secretMatcher } from "../core/digest.js";

export type CallbackAnswer = { reply: string } | { error: string };

interface Waiter {
  token: string;
  matches: (presented: string) => boolean;
  settle: (answer: CallbackAnswer) => void;
}

export class RunCallbacks {
  private readonly waiting = new Map<string, Waiter>();

  /**
   * A new wait for `runId`: its token for the URL, and the answer once the agent posts it. The wait
   * ends when `signal` aborts (rejecting with its reason).
   */
  open(runId: string, signal: AbortSignal): { token: string; answer: Promise<CallbackAnswer> } {
    const token = randomBytes(24).toString("base64url");
    const answer = new Promise<CallbackAnswer>((resolve, reject) => {
      const end = () => {
        if (this.waiting.get(runId)?.token === token) this.waiting.delete(runId);
        reject(signal.reason);
      };
      if (signal.aborted) return end();
      signal.addEventListener("abort", end, { once: true });
      this.waiting.set(runId, {
        token,
        matches: secretMatcher(token),
        settle: (a) => {
          signal.removeEventListener("abort", end);
          this.waiting.delete(runId);
          resolve(a);
        },
      });
    });
    return { token, answer };
  }

  /** Hands the agent's answer to the waiting run; false when no wait has that run id and token. */
  complete(runId: string, token: string, answer: CallbackAnswer): boolean {
    const waiter = this.waiting.get(runId);
    if (!waiter?.matches(token)) return false;
    waiter.settle(answer);
    return true;
  }
}
