// One runner call bounded by a timeout and by shutdown. The runner gets an AbortSignal, but the
// outcome never waits for it to notice: at the deadline the turn is timed out, whatever the runner does.
import type { TokenUsage } from "../store/types.js";
import { type Runner, RunnerError, type RunnerInput } from "./runners/index.js";

export type TurnOutcome =
  | { kind: "ok"; reply: string; usage?: TokenUsage; targetId?: string; handedOff?: string }
  | { kind: "failed"; error: string; targetId?: string }
  | { kind: "timed_out"; error: string }
  /** Shutdown cut the turn off: leave it to crash recovery instead of recording an outcome. */
  | { kind: "stopped" };

class TurnTimeout extends Error {
  override name = "TimeoutError";
}
class TurnStopped extends Error {
  override name = "AbortError";
}

export async function runTurn(
  runner: Runner,
  input: Omit<RunnerInput, "signal" | "timeoutMs">,
  timeoutSeconds: number,
  shutdown: AbortSignal,
): Promise<TurnOutcome> {
  if (shutdown.aborted) return { kind: "stopped" };
  const timeoutMs = Math.max(1, Math.round(timeoutSeconds * 1000));
  const runnerInput = new TurnInput(input, timeoutMs);
  let abortReason: Error | undefined;
  let rejectAborted!: (reason: Error) => void;
  const aborted = new Promise<never>((_, reject) => {
    rejectAborted = reject;
  });
  const abort = (reason: Error) => {
    if (abortReason) return;
    abortReason = reason;
    runnerInput.abortWith(reason);
    rejectAborted(reason);
  };
  const timer = setTimeout(
    () => abort(new TurnTimeout(`timed out after ${formatSeconds(timeoutSeconds)}`)),
    timeoutMs,
  );
  const onShutdown = () => abort(new TurnStopped("hookgate is stopping"));
  shutdown.addEventListener("abort", onShutdown, { once: true });
  const running = Promise.resolve().then(() => runner.run(runnerInput as unknown as RunnerInput));
  // Whichever loses the race must not surface as an unhandled rejection.
  running.catch(() => {});
  aborted.catch(() => {});

  try {
    const result = await Promise.race([running, aborted]);
    return {
      kind: "ok",
      reply: result.reply,
      ...(result.usage ? { usage: result.usage } : {}),
      ...(result.targetId !== undefined ? { targetId: result.targetId } : {}),
      ...(result.handedOff !== undefined ? { handedOff: result.handedOff } : {}),
    };
  } catch (err) {
    const reason = abortReason ?? err;
    if (reason instanceof TurnStopped) return { kind: "stopped" };
    if (reason instanceof TurnTimeout) return { kind: "timed_out", error: reason.message };
    const targetId = err instanceof RunnerError ? err.targetId : undefined;
    return { kind: "failed", error: errorText(err), ...(targetId !== undefined ? { targetId } : {}) };
  } finally {
    clearTimeout(timer);
    shutdown.removeEventListener("abort", onShutdown);
  }
}

/**
 * The runner's input: the turn's fields, its timeout, and an AbortSignal made when the runner first
 * reads it (one that answers at once, the echo runner, never does, and an AbortController with its
 * listener was a visible share of such a run). The timeout and shutdown end the turn whether or not
 * it was made. A class, so that the inputs of all turns share hidden classes: a spread copy given more
 * fields (`{ ...input, timeoutMs, get signal() }`) got one of its own per turn, and the runner's every
 * read of it missed V8's inline caches.
 */
class TurnInput {
  declare timeoutMs: number;
  #controller: AbortController | undefined;
  #reason: Error | undefined;

  constructor(input: Omit<RunnerInput, "signal" | "timeoutMs">, timeoutMs: number) {
    Object.assign(this, input);
    this.timeoutMs = timeoutMs;
  }

  get signal(): AbortSignal {
    if (!this.#controller) {
      this.#controller = new AbortController();
      if (this.#reason) this.#controller.abort(this.#reason);
    }
    return this.#controller.signal;
  }

  /** Aborts the signal if it was made, and makes it aborted if it is made later. */
  abortWith(reason: Error): void {
    this.#reason = reason;
    this.#controller?.abort(reason);
  }
}

function errorText(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  return String(err);
}

function formatSeconds(seconds: number): string {
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)}s`;
}
