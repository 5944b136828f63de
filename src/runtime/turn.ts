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
  // The runner's AbortSignal is made when the runner first reads it: one that answers at once (the
  // echo runner) never does, and an AbortController with its listener was a visible share of such a
  // run. The timeout and shutdown end the turn through `aborted` whether or not it was made.
  let controller: AbortController | undefined;
  let abortReason: Error | undefined;
  let rejectAborted!: (reason: Error) => void;
  const aborted = new Promise<never>((_, reject) => {
    rejectAborted = reject;
  });
  const abort = (reason: Error) => {
    if (abortReason) return;
    abortReason = reason;
    controller?.abort(reason);
    rejectAborted(reason);
  };
  const timer = setTimeout(
    () => abort(new TurnTimeout(`timed out after ${formatSeconds(timeoutSeconds)}`)),
    timeoutMs,
  );
  const onShutdown = () => abort(new TurnStopped("hookgate is stopping"));
  shutdown.addEventListener("abort", onShutdown, { once: true });
  const runnerInput: RunnerInput = {
    ...input,
    timeoutMs,
    get signal() {
      if (!controller) {
        controller = new AbortController();
        if (abortReason) controller.abort(abortReason);
      }
      return controller.signal;
    },
  };
  const running = Promise.resolve().then(() => runner.run(runnerInput));
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

function errorText(err: unknown): string {
  if (err instanceof Error) return err.message || err.name;
  return String(err);
}

function formatSeconds(seconds: number): string {
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)}s`;
}
