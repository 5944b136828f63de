// Executes one claimed agent run: resolve its settings, send the session's recent transcript with the
// message (none for an isolated run), record the outcome together with its effects (transcript, main-session summary, delivery
// intent) in one transaction, then request a heartbeat and queue the delivery.
import type { ResolvedConfig } from "../config/types.js";
import { metrics, secondsSince } from "../core/metrics.js";
import { context, contextOf, inSpan, type Span } from "../core/tracing.js";
import { unwrapExternalContent } from "../core/untrusted-content.js";
import type { DeliveryState, RunPrompt, RunRecord, TranscriptMessage } from "../store/types.js";
import { isAckOnly } from "./ack.js";
import type { RuntimeDeps } from "./deps.js";
import { runSettings } from "./resolve.js";
import { summaryLine } from "./summary.js";
import { runTurn, type TurnOutcome } from "./turn.js";

/**
 * Resolves once the outcome is recorded; the reply's delivery goes on in the delivery queue. Traced as
 * span hookgate.run, a child of the request that queued the run.
 */
export function executeRun(deps: RuntimeDeps, run: RunRecord): Promise<void> {
  return inSpan(
    "hookgate.run",
    { "hookgate.run_id": run.id, "hookgate.attempt": run.attempts },
    (span) => execute(deps, run, span),
    contextOf(run.traceContext),
  );
}

async function execute(deps: RuntimeDeps, run: RunRecord, span: Span): Promise<void> {
  const { config, store, log } = deps;
  const started = performance.now();
  const settings = runSettings(config, run);
  const runner = deps.runnerFor(settings.agent.id);
  // An isolated run starts from an empty conversation and leaves nothing in its session's.
  const isolated = run.sessionMode === "isolated";
  // A target that fences hook content itself gets it unfenced: its agent must not read it fenced twice.
  const message = (runner.fencesContent && unwrapExternalContent(run.message)) || run.message;
  const transcript = isolated
    ? []
    : await store.transcript(run.sessionKey, config.agents.defaults.transcriptTurns);
  const prompt: RunPrompt = {
    runner: runner.kind,
    transcriptMessages: transcript.length,
    message,
    timeoutSeconds: settings.timeoutSeconds,
    ...(settings.agent.systemPrompt ? { systemPrompt: settings.agent.systemPrompt } : {}),
    ...(settings.model ? { model: settings.model } : {}),
    ...(settings.thinking ? { thinking: settings.thinking } : {}),
  };
  const start = {
    resolvedAgentId: settings.agent.id,
    ...(settings.model ? { resolvedModel: settings.model } : {}),
    prompt,
  };
  // debug: the run's row holds the same facts, and "run finished" (info) says how it ended.
  log.debug(
    { runId: run.id, agent: settings.agent.id, model: settings.model, attempt: run.attempts },
    "run started",
  );

  let ended: TurnOutcome | undefined;
  const turn = runTurn(
    runner,
    {
      runId: run.id,
      sessionKey: run.sessionKey,
      agentId: settings.agent.id,
      model: settings.model,
      thinking: settings.thinking,
      systemPrompt: settings.agent.systemPrompt,
      transcript,
      message,
      run: {
        name: run.name,
        ...(run.sessionMode !== undefined ? { sessionMode: run.sessionMode } : {}),
        wakeMode: run.wakeMode,
        deliver: run.deliver,
        channel: run.channel,
        ...(run.to ? { to: run.to } : {}),
        ...(run.model !== undefined ? { model: run.model } : {}),
        ...(run.thinking !== undefined ? { thinking: run.thinking } : {}),
        timeoutSeconds: settings.timeoutSeconds,
      },
    },
    settings.timeoutSeconds,
    deps.shutdown,
  ).then((outcome) => {
    ended = outcome;
    return outcome;
  });
  // What the run is sending (agent, model, prompt) is written with its finish when the turn ends at
  // once (the echo runner, a runner failing before it sends): one write less a run. A turn still going
  // after a turn of the event loop waits on something, and its start is written meanwhile, so that
  // `hookgate runs show` and the console show a running run's prompt. A crash before either write
  // loses nothing: the run is claimed again and resolves its settings anew.
  await nextTurnOfLoop();
  const startWrite = ended === undefined ? startWritten(store.startRun(run.id, start)) : undefined;
  const outcome = await turn;
  const startError = await startWrite;
  // Cut off by shutdown: the run stays `running` and crash recovery retries it on the next start.
  if (outcome.kind === "stopped") return;
  // A failed start write fails the run (an internal error), as it did before the turn began.
  if (startError !== undefined) throw startError;

  const finishedAt = deps.now();
  const status = outcome.kind === "ok" ? "succeeded" : outcome.kind;
  // A run handed off to a target that answers its sender itself has no reply here to deliver or keep.
  const handedOff = outcome.kind === "ok" ? outcome.handedOff : undefined;
  const reply = outcome.kind === "ok" && handedOff === undefined ? outcome.reply : undefined;
  const error = outcome.kind === "ok" ? undefined : outcome.error;
  const targetId = outcome.kind === "ok" || outcome.kind === "failed" ? outcome.targetId : undefined;
  const delivery =
    handedOff !== undefined
      ? run.deliver
        ? {
            status: "skipped" as const,
            reason: handedOff,
            channel: run.channel,
            ...(run.to ? { to: run.to } : {}),
            updatedAt: finishedAt,
          }
        : undefined
      : reply === undefined
        ? undefined
        : deliveryIntent(config, run, reply, finishedAt);
  const exchange: TranscriptMessage[] =
    reply === undefined || isolated
      ? []
      : [
          { role: "user", content: run.message, runId: run.id, createdAt: finishedAt },
          { role: "assistant", content: reply, runId: run.id, createdAt: finishedAt },
        ];

  const recorded = await store.finishRun(
    run.id,
    {
      status,
      finishedAt,
      ...(startWrite ? {} : start),
      ...(reply !== undefined ? { reply } : {}),
      ...(error !== undefined ? { error } : {}),
      ...(outcome.kind === "ok" && outcome.usage ? { usage: outcome.usage } : {}),
      ...(targetId !== undefined ? { targetId } : {}),
    },
    {
      transcript: exchange,
      // A target that took the run over posts its own summary into its own main session.
      ...(handedOff === undefined
        ? {
            event: {
              text: summaryLine(run.name, status, reply ?? error ?? ""),
              source: run.name,
              mode: run.wakeMode,
            },
          }
        : {}),
      ...(delivery ? { delivery } : {}),
    },
  );
  // Not recorded: another instance took the run over (this one's lease ran out); its effects are theirs.
  if (!recorded) return;
  log.info({ runId: run.id, status, ms: finishedAt - (run.startedAt ?? finishedAt), error }, "run finished");
  metrics.runs.inc({ status });
  metrics.runnerRuns.inc({ runner: runner.kind, status });
  metrics.runSeconds.observe({ status }, secondsSince(started));
  span.setAttribute("hookgate.run.status", status);
  noteRunOutcome(deps, run.id, settings.agent.id, status, finishedAt, error);

  if (run.wakeMode === "now" && handedOff === undefined) deps.requestHeartbeat("run");
  if (delivery?.status === "pending" && reply !== undefined) {
    const request = { runId: run.id, text: reply, channel: run.channel, ...(run.to ? { to: run.to } : {}) };
    // The delivery records its outcome on the run itself; its span is the run's child.
    const traced = context.active();
    deps.deliveries.enqueue({
      what: `run ${run.id}`,
      send: async () => {
        await context.with(traced, () => deps.delivery().deliver(request));
      },
    });
  }
}

/** Resolves on the event loop's next check phase: after the microtasks and I/O callbacks due now. */
function nextTurnOfLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** The start's write, settled with its error (or undefined): awaited only once the turn ends. */
function startWritten(write: Promise<void>): Promise<unknown> {
  return write.then(
    () => undefined,
    (error: unknown) => error ?? new Error("the run's start was not recorded"),
  );
}

/** A run's outcome for the issues of its agent: a failure counts, a success closes them. */
export function noteRunOutcome(
  deps: Pick<RuntimeDeps, "issues">,
  runId: string,
  agentId: string,
  status: "succeeded" | "failed" | "timed_out",
  at: number,
  error?: string,
): void {
  const subject = `agent:${agentId}`;
  if (status === "succeeded") {
    deps.issues.succeeded({ subject, at });
    return;
  }
  deps.issues.failed({
    kind: "run",
    subject,
    code: status === "timed_out" ? "RUN_TIMED_OUT" : "RUN_FAILED",
    runId,
    at,
    ...(error !== undefined && { message: error.slice(0, 300) }),
  });
}

/**
 * What happens to a reply: nothing when delivery was not asked for, `skipped` for an empty or ack-only
 * reply, else `pending` (recorded before sending so that a crash mid-delivery is resumed on restart).
 */
function deliveryIntent(
  config: ResolvedConfig,
  run: RunRecord,
  reply: string,
  at: number,
): DeliveryState | undefined {
  if (!run.deliver) return undefined;
  const target = { channel: run.channel, ...(run.to ? { to: run.to } : {}) };
  if (reply.trim() === "") return { status: "skipped", reason: "empty reply", ...target, updatedAt: at };
  if (isAckOnly(reply, config.heartbeat.ackToken)) {
    return {
      status: "skipped",
      reason: `reply is only the ack token ${config.heartbeat.ackToken}`,
      ...target,
      updatedAt: at,
    };
  }
  return { status: "pending", ...target, updatedAt: at };
}
