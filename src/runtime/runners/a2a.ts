// Hands agent runs to an A2A agent (A2A 1.0, JSON-RPC binding) through the official SDK's client:
// `SendMessage` with messageId = the run id and contextId = the session key, so that a session is one
// A2A context and an agent that remembers message ids runs each event once. The message asks for the
// task back at once (`returnImmediately`), and a task still working is followed with `GetTask` until
// it ends or the run's time is up: a long wait is then spent on a request that is safe to repeat,
// never on a SendMessage that a dropped connection would make us send again. Every request goes
// through `sendUntilAnswered` (the retries, statuses and metrics of the other runners that hand runs
// on); a JSON-RPC error in a 2xx answer is the agent refusing the request, and fails the run at once.
import { randomUUID } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import { AgentCard, type Message, type Part, SendMessageRequest, type Task, TaskState } from "@a2a-js/sdk";
import { Client, JsonRpcTransportFactory } from "@a2a-js/sdk/client";
import type { RunnerConfig } from "../../types/generated.js";
import { redactor, sendUntilAnswered, type TargetDeps } from "./target-request.js";
import { type Runner, RunnerError, type RunnerInput, type RunnerResult } from "./types.js";

/** First wait before a GetTask; doubled each time, up to POLL_MAX_MS. */
const POLL_FIRST_MS = 250;
const POLL_MAX_MS = 5000;
const DETAIL_CHARS = 300;

const TERMINAL_FAILURES = new Map<TaskState, string>([
  [TaskState.TASK_STATE_FAILED, "failed"],
  [TaskState.TASK_STATE_REJECTED, "rejected"],
  [TaskState.TASK_STATE_CANCELED, "canceled"],
]);
const INTERRUPTED = new Map<TaskState, string>([
  [TaskState.TASK_STATE_INPUT_REQUIRED, "input-required"],
  [TaskState.TASK_STATE_AUTH_REQUIRED, "auth-required"],
]);

/** The card the client is built from: the runner is configured with the JSON-RPC endpoint itself. */
const CARD = AgentCard.fromJSON({ name: "a2a runner target", capabilities: {} });

export function createA2aRunner(runner: RunnerConfig, deps: TargetDeps = {}): Runner {
  const { url } = runner;
  if (!url) throw new RunnerError("runner.url is required for runner kind a2a");
  const target = `A2A agent at ${new URL(url).origin}`;
  const headers = runner.headers ?? {};
  const secrets = Object.values(headers);
  const now = deps.now ?? Date.now;
  const sleep = deps.sleep ?? ((ms: number, signal: AbortSignal) => delay(ms, undefined, { signal }));
  const redact = redactor(secrets);

  return {
    kind: "a2a",
    async run(input: RunnerInput): Promise<RunnerResult> {
      const deadline = now() + input.timeoutMs;
      // The SDK's requests go out through the common sender: retries with the same bytes, metrics, no
      // redirects, secrets cut out of what it says.
      const fetchImpl = async (to: string | URL | Request, init?: RequestInit): Promise<Response> => {
        const answer = await sendUntilAnswered(
          {
            runner: "a2a",
            target,
            url: String(to),
            headers: { ...headers, ...(init?.headers as Record<string, string> | undefined) },
            body: String(init?.body ?? ""),
            signal: input.signal,
            deadline,
            hint: (status) => hint(status, url),
            secrets,
          },
          deps,
        );
        return new Response(answer.text, { status: answer.status, headers: answer.headers });
      };
      const transport = await new JsonRpcTransportFactory({ fetchImpl }).create(url, CARD);
      const client = new Client(transport, CARD, { polling: true, acceptedOutputModes: ["text/plain"] });
      const call = async <T>(what: string, request: () => Promise<T>): Promise<T> => {
        try {
          return await request();
        } catch (err) {
          if (input.signal.aborted) throw input.signal.reason;
          if (err instanceof RunnerError) throw err;
          throw new RunnerError(redact(refusal(what, target, err)));
        }
      };

      const messageId = input.runId ?? `heartbeat-${randomUUID()}`;
      const params = SendMessageRequest.fromJSON({
        message: {
          messageId,
          contextId: input.sessionKey,
          role: "ROLE_USER",
          parts: [{ text: input.message }],
        },
      });
      let result: Message | Task = await call("SendMessage", () =>
        client.sendMessage(params, { signal: input.signal }),
      );
      if (!isTask(result)) return { reply: textOf(result.parts) };

      // Until the task ends: the run's timeout aborts the signal, which ends the wait or the request.
      let wait = POLL_FIRST_MS;
      while (result.status === undefined || isWorking(result.status.state)) {
        const taskId: string = result.id;
        await sleep(wait, input.signal);
        wait = Math.min(POLL_MAX_MS, wait * 2);
        result = await call("GetTask", () =>
          client.getTask({ tenant: "", id: taskId, historyLength: 0 }, { signal: input.signal }),
        );
      }
      return outcome(result, target);
    },
  };
}

function isTask(result: Message | Task): result is Task {
  return "status" in result && "artifacts" in result;
}

/** Submitted, working, or a state this client does not know: not over yet. */
function isWorking(state: TaskState): boolean {
  return state !== TaskState.TASK_STATE_COMPLETED && !TERMINAL_FAILURES.has(state) && !INTERRUPTED.has(state);
}

/** The reply of a task that ended, or the failure it ended with (carrying the task id). */
function outcome(task: Task, target: string): RunnerResult {
  const state = task.status?.state ?? TaskState.TASK_STATE_UNSPECIFIED;
  const said = clip(textOf(task.status?.message?.parts ?? []));
  if (state === TaskState.TASK_STATE_COMPLETED) {
    const artifacts = task.artifacts.map((a) => textOf(a.parts)).filter((t) => t.length > 0);
    return {
      reply: artifacts.length > 0 ? artifacts.join("\n\n") : textOf(task.status?.message?.parts ?? []),
      targetId: task.id,
    };
  }
  const failed = TERMINAL_FAILURES.get(state);
  const error = failed
    ? `a2a runner: ${target} reports task ${task.id} ${failed}${said ? `: ${said}` : " (no message given)"}`
    : `a2a runner: ${target} put task ${task.id} in ${INTERRUPTED.get(state)}${said ? ` (${said})` : ""}: a hook run sends one message and cannot answer a request for more; have the agent complete the task from the run's message alone`;
  const err = new RunnerError(error);
  err.targetId = task.id;
  throw err;
}

/** Text parts one per line; a data part as its JSON; files and raw bytes are left out. */
function textOf(parts: readonly Part[]): string {
  const out: string[] = [];
  for (const part of parts) {
    if (part.content?.$case === "text") out.push(part.content.value);
    else if (part.content?.$case === "data") out.push(JSON.stringify(part.content.value));
  }
  return out.join("\n");
}

/** A JSON-RPC error (or an answer the SDK could not read) as a sentence naming the runner and what to check. */
function refusal(method: string, target: string, err: unknown): string {
  const e = err as Error & { envelopeCode?: unknown };
  const code = typeof e.envelopeCode === "number" ? e.envelopeCode : undefined;
  const message = clip(e.message || String(err));
  if (code === undefined)
    return `a2a runner: ${target} answered ${method} with something that is not a JSON-RPC result: ${message} — check runner.url: it must be the agent's JSON-RPC endpoint`;
  const check =
    code === -32601
      ? "check runner.url: it must be the agent's A2A 1.0 JSON-RPC endpoint"
      : code === -32009
        ? "the agent does not speak A2A 1.0"
        : code === -32602 || code === -32600
          ? "the agent refused the request's shape: check that it takes A2A 1.0 SendMessage with a text part"
          : undefined;
  return `a2a runner: ${target} refused ${method} (JSON-RPC ${code}): ${message}${check ? ` — ${check}` : ""}`;
}

function hint(status: number, url: string): string | undefined {
  if (status === 401 || status === 403)
    return "check runner.headers: the agent did not accept the credentials sent (for example Authorization)";
  if (status === 404 || status === 405)
    return `check runner.url (${url}): it must be the agent's JSON-RPC endpoint`;
  if (status === 413) return "the message is larger than the agent accepts";
  return undefined;
}

function clip(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > DETAIL_CHARS ? `${flat.slice(0, DETAIL_CHARS)}…` : flat;
}
