// What a runner is: something that turns one prompt (system prompt, earlier messages, new message)
// into a reply. The runtime owns timeouts: it aborts `signal` and stops waiting.
import type { TokenUsage, TranscriptMessage } from "../../store/types.js";

export interface RunnerInput {
  /** Absent for heartbeat turns. */
  runId?: string;
  sessionKey: string;
  agentId: string;
  /** `provider/model`, aliases already resolved. */
  model?: string;
  thinking?: string;
  systemPrompt?: string;
  /** Earlier messages of the session, oldest first. */
  transcript: TranscriptMessage[];
  message: string;
  timeoutMs: number;
  signal: AbortSignal;
  /** Set on heartbeat turns, for runners that answer them without a model (echo). */
  heartbeat?: { ackToken: string; events: string[] };
}

export interface RunnerResult {
  reply: string;
  usage?: TokenUsage;
}

export interface Runner {
  readonly kind: string;
  run(input: RunnerInput): Promise<RunnerResult>;
}

/** A failure whose message is fit for the run record and the main session summary as it is. */
export class RunnerError extends Error {
  override name = "RunnerError";
}
