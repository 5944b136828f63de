// What a runner is: something that turns one prompt (system prompt, earlier messages, new message)
// into a reply. The runtime owns timeouts: it aborts `signal` and stops waiting.
import type { TokenUsage, TranscriptMessage, WakeMode } from "../../store/types.js";

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
  heartbeat?: {
    ackToken: string;
    events: string[];
    /** Each event's wake mode, in the same order (for runners that forward the events as wakes). */
    modes?: WakeMode[];
  };
  /** The run's own settings, for runners that hand the run to another service (absent on heartbeats). */
  run?: RunSettings;
}

export interface RunSettings {
  name: string;
  sessionMode?: "isolated" | "persistent";
  wakeMode: WakeMode;
  deliver: boolean;
  channel: string;
  to?: string;
  /** The model and thinking level the request or rule asked for (not the agent's defaults). */
  model?: string;
  thinking?: string;
  /** The run's timeout as configured (not the time left). */
  timeoutSeconds: number;
}

export interface RunnerResult {
  reply: string;
  usage?: TokenUsage;
  /** The id the target gave the run (an OpenClaw runId). */
  targetId?: string;
  /**
   * Set when the target runs the agent and delivers its reply itself: why hookgate does not (the
   * delivery is skipped with this reason, and the reply is not added to a transcript here).
   */
  handedOff?: string;
}

export interface Runner {
  readonly kind: string;
  /**
   * true when the target fences hook content as untrusted itself: the runner then gets a run's content
   * without hookgate's fence, so that the agent does not read it fenced twice.
   */
  readonly fencesContent?: boolean;
  run(input: RunnerInput): Promise<RunnerResult>;
}

/** A failure whose message is fit for the run record and the main session summary as it is. */
export class RunnerError extends Error {
  override name = "RunnerError";
  /** The id the target gave the run before it failed, when it gave one. */
  targetId?: string;
}
