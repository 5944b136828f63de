// Hands agent runs to an OpenClaw gateway's hooks: POST {url}{path}/agent with the gateway's hook
// token and `Idempotency-Key: <run id>`. The gateway answers at once with its runId, runs the agent,
// posts the summary into its own main session and delivers the reply itself; hookgate records the
// runId. The gateway returns the same runId for a key only with a byte-identical body, so the body is
// built from the stored run alone (no clock, no attempt number) and the same bytes go out on every
// retry and after a restart. The gateway fences hook content itself, so it gets the content unfenced.
// Heartbeat turns of a default agent on the gateway forward the pending events as wakes
// (`{path}/wake`), one per wake mode present, each event with its own mode: the main session lives there.
import type { RunnerConfig } from "../../types/generated.js";
import { sendUntilAnswered, type TargetDeps } from "./target-request.js";
import { type Runner, RunnerError, type RunnerInput, type RunnerResult } from "./types.js";

const DEFAULT_PATH = "/hooks";

export function createOpenClawRunner(agentId: string, runner: RunnerConfig, deps: TargetDeps = {}): Runner {
  const { url, token } = runner;
  if (!url || !token)
    throw new RunnerError("runner.url and runner.token are required for runner kind openclaw");
  const origin = url.replace(/\/+$/, "");
  const base = origin + (runner.path ?? DEFAULT_PATH).replace(/\/+$/, "");
  const target = `OpenClaw gateway at ${origin}`;
  const remoteAgent = runner.agentId ?? agentId;

  const send = (path: string, body: string, input: RunnerInput, idempotencyKey?: string) =>
    sendUntilAnswered(
      {
        runner: "openclaw",
        target,
        url: `${base}${path}`,
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${token}`,
          ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}),
        },
        body,
        signal: input.signal,
        deadline: (deps.now ?? Date.now)() + input.timeoutMs,
        hint: (status, detail) => hint(status, detail, base),
        secrets: [token],
      },
      deps,
    );

  return {
    kind: "openclaw",
    fencesContent: true,
    async run(input: RunnerInput): Promise<RunnerResult> {
      if (input.heartbeat) {
        const { events, modes, ackToken } = input.heartbeat;
        // Each event keeps its own mode: those for the gateway's next heartbeat go first, so that a
        // `now` wake sent after them wakes the gateway's agent with every event already queued there.
        for (const mode of ["next-heartbeat", "now"] as const) {
          const texts = events.filter((_, i) => (modes?.[i] ?? "now") === mode);
          if (texts.length > 0) await send("/wake", JSON.stringify({ text: texts.join("\n"), mode }), input);
        }
        return { reply: ackToken, handedOff: `the events were forwarded to the ${target}` };
      }
      const run = input.run;
      if (!input.runId || !run) throw new RunnerError("openclaw runner: a run needs its id and settings");
      // The gateway takes a destination only whole (a concrete channel with its recipient), never
      // `last`: without one it announces the reply in the agent's main session.
      const destination = run.to !== undefined && run.channel !== "last";
      // Keys in a fixed order, absent fields left out: the bytes depend on the stored run only.
      const body = JSON.stringify({
        message: input.message,
        name: run.name,
        agentId: remoteAgent,
        sessionKey: input.sessionKey,
        ...(run.sessionMode !== undefined ? { sessionMode: run.sessionMode } : {}),
        wakeMode: run.wakeMode,
        deliver: run.deliver,
        ...(destination ? { channel: run.channel, to: run.to } : {}),
        ...(run.model !== undefined ? { model: run.model } : {}),
        ...(run.thinking !== undefined ? { thinking: run.thinking } : {}),
        timeoutSeconds: run.timeoutSeconds,
      });
      const answer = await send("/agent", body, input, input.runId);
      const runId = gatewayRunId(answer.text);
      return {
        reply: `forwarded to the ${target}${runId ? ` (its run ${runId})` : ""}`,
        handedOff: `the ${target} runs the agent and delivers its reply`,
        ...(runId ? { targetId: runId } : {}),
      };
    },
  };
}

function gatewayRunId(text: string): string | undefined {
  try {
    const data = JSON.parse(text) as { runId?: unknown };
    return typeof data.runId === "string" && data.runId.length > 0 ? data.runId.slice(0, 200) : undefined;
  } catch {
    return undefined;
  }
}

/** What to check after the gateway refused a run. */
function hint(status: number, detail: string, base: string): string | undefined {
  if (status === 401 || status === 403) return "check runner.token: it must be the gateway's hooks.token";
  if (status === 404)
    return `check runner.url and runner.path (${base} must be the gateway's hooks.path) and that the gateway has hooks.enabled: true`;
  if (status === 413) return "the message is larger than the gateway's hook body limit";
  if (status === 400 && /sessionkey/i.test(detail))
    return "hookgate sends each run's session key: set hooks.allowRequestSessionKey: true on the gateway, with hooks.allowedSessionKeyPrefixes covering hookgate's keys (hook: by default)";
  if (status === 400 && /agent/i.test(detail))
    return "check runner.agentId against the gateway's agents and hooks.allowedAgentIds";
  if (status === 400 && /model/i.test(detail))
    return "check the run's model against the gateway's allowed models";
  return undefined;
}
