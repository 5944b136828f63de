// Replies that come later: a run handed to an HTTP agent that answered 202 waits for the agent's POST
// to its callback URL. Each URL has its own random token (the URL is the credential). The store keeps
// the token's digest and the answer, so that the POST may reach any instance sharing the store, only
// its first answer counts (the store decides, atomically), and an answer posted while the sending
// instance was down still ends the run when it is sent again. The waiting instance looks in the store
// when an answer arrives here, and every `pollMs` for answers that arrived elsewhere.
import { randomBytes } from "node:crypto";
import { sha256 } from "../core/digest.js";
import type { RunCallbackAnswer, RunCallbackOutcome, Store } from "../store/types.js";

export type CallbackAnswer = RunCallbackAnswer;

type CallbackStore = Pick<
  Store,
  "openRunCallback" | "answerRunCallback" | "runCallbackAnswer" | "closeRunCallback"
>;

export interface RunCallbacksOptions {
  store: CallbackStore;
  now: () => number;
  /** How often a waiting run looks for an answer posted to another instance. */
  pollMs: number;
}

export class RunCallbacks {
  /** Waiting runs, each with the functions that make its waits look again at once. */
  private readonly waking = new Map<string, Set<() => void>>();

  constructor(private readonly opts: RunCallbacksOptions) {}

  /** The answer a run already has: posted for an earlier attempt, before a restart. */
  answered(runId: string): Promise<CallbackAnswer | null> {
    return this.opts.store.runCallbackAnswer(runId);
  }

  /** A new callback URL's token for `runId`, valid until `expiresAt`. */
  async open(runId: string, expiresAt: number): Promise<string> {
    const token = randomBytes(24).toString("base64url");
    await this.opts.store.openRunCallback(runId, tokenDigest(token), expiresAt);
    return token;
  }

  /** The run's answer, once posted at any of its URLs; rejects with the signal's reason when it aborts. */
  async wait(runId: string, signal: AbortSignal): Promise<CallbackAnswer> {
    for (;;) {
      signal.throwIfAborted();
      const answer = await this.opts.store.runCallbackAnswer(runId);
      if (answer) return answer;
      await this.pause(runId, signal);
    }
  }

  /** The agent answered at once: its callback URLs go. */
  close(runId: string): Promise<void> {
    return this.opts.store.closeRunCallback(runId);
  }

  /** Records the agent's answer posted at `token`'s URL, and wakes the run if it waits here. */
  async complete(runId: string, token: string, answer: CallbackAnswer): Promise<RunCallbackOutcome> {
    const outcome = await this.opts.store.answerRunCallback(
      runId,
      tokenDigest(token),
      answer,
      this.opts.now(),
    );
    if (outcome === "answered") for (const wake of this.waking.get(runId) ?? []) wake();
    return outcome;
  }

  private pause(runId: string, signal: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const own = this.waking.get(runId) ?? new Set<() => void>();
      this.waking.set(runId, own);
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener("abort", done);
        own.delete(done);
        if (own.size === 0 && this.waking.get(runId) === own) this.waking.delete(runId);
        resolve();
      };
      const timer = setTimeout(done, this.opts.pollMs);
      signal.addEventListener("abort", done, { once: true });
      own.add(done);
    });
  }
}

/** Only the digest is stored: the store's contents do not open a URL. */
function tokenDigest(token: string): string {
  return sha256(token).toString("hex");
}
