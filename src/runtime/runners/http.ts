// Hands agent runs to an HTTP agent of your own (LangGraph, n8n, a service): one POST per run, signed
// per Standard Webhooks (`webhook-id` = the run id, `webhook-timestamp`, `webhook-signature: v1,<base64
// HMAC-SHA256 of id.timestamp.body>`), the same body and id on every attempt so that the agent can
// drop repeats. `200 {reply}` ends the run; `202` means the agent answers later by POSTing `{reply}` or
// `{error}` to the run's callback URL (single use, valid until the run's deadline, at any instance
// sharing the store: see run-callbacks.ts).
import { createHmac } from "node:crypto";
import type { RunnerConfig } from "../../types/generated.js";
import type { CallbackAnswer, RunCallbacks } from "../run-callbacks.js";
import { answerDetail, sendUntilAnswered, type TargetDeps } from "./target-request.js";
import { type Runner, RunnerError, type RunnerInput, type RunnerResult } from "./types.js";

/** Where callbacks arrive, below hooks.path: `{hooks.path}/_runs/<run id>/reply/<token>`. */
export const CALLBACK_SEGMENT = "_runs";

export interface HttpRunnerDeps extends TargetDeps {
  callbacks: RunCallbacks;
  /** hooks.path, for the callback URL. */
  hooksPath: string;
}

export function createHttpRunner(runner: RunnerConfig, deps: HttpRunnerDeps): Runner {
  const { url, secret } = runner;
  if (!url || !secret)
    throw new RunnerError("runner.url and runner.secret are required for runner kind http");
  const key = signingKey(secret);
  const target = `HTTP agent at ${new URL(url).origin}`;
  const callbackBase = runner.callbackBaseUrl?.replace(/\/+$/, "");
  const now = deps.now ?? Date.now;
  const secrets = [secret, ...Object.values(runner.headers ?? {})];

  return {
    kind: "http",
    async run(input: RunnerInput): Promise<RunnerResult> {
      const runId = input.runId ?? `heartbeat-${now()}`;
      const deadline = now() + input.timeoutMs;
      if (callbackBase) {
        // Sent before a restart, and answered at its callback URL since: that answer ends the run.
        const earlier = await deps.callbacks.answered(runId);
        if (earlier) return resultOf(earlier, target);
      }
      const token = callbackBase ? await deps.callbacks.open(runId, deadline) : undefined;
      const body = JSON.stringify({
        type: "hookgate.run",
        runId,
        sessionKey: input.sessionKey,
        agentId: input.agentId,
        ...(input.model !== undefined ? { model: input.model } : {}),
        message: input.message,
        transcript: input.transcript.map((m) => ({ role: m.role, content: m.content })),
        deadline: new Date(deadline).toISOString(),
        ...(token
          ? {
              callbackUrl: `${callbackBase}${deps.hooksPath}/${CALLBACK_SEGMENT}/${runId}/reply/${token}`,
            }
          : {}),
        ...(input.heartbeat ? { heartbeat: { ackToken: input.heartbeat.ackToken } } : {}),
      });
      const answer = await sendUntilAnswered(
        {
          runner: "http",
          target,
          url,
          headers: () => {
            const timestamp = Math.floor(now() / 1000).toString();
            const signature = createHmac("sha256", key)
              .update(`${runId}.${timestamp}.${body}`)
              .digest("base64");
            return {
              ...runner.headers,
              "content-type": "application/json",
              "webhook-id": runId,
              "webhook-timestamp": timestamp,
              "webhook-signature": `v1,${signature}`,
            };
          },
          body,
          signal: input.signal,
          deadline,
          hint: (status) =>
            status === 401 || status === 403
              ? "check runner.secret: the agent must verify with the same secret"
              : status === 404
                ? "check runner.url"
                : undefined,
          secrets,
        },
        deps,
      );
      if (answer.status === 202) {
        if (!token) {
          throw new RunnerError(
            `http runner: ${target} answered 202 (a reply later), but runner.callbackBaseUrl is not set, so it has no callback URL to answer to`,
          );
        }
        return resultOf(await deps.callbacks.wait(runId, input.signal), target);
      }
      const reply = replyOf(answer.text, target);
      // An answer now: the callback URL is no longer needed.
      if (token) await deps.callbacks.close(runId);
      return { reply };
    },
  };
}

/** `whsec_<base64>` is the Standard Webhooks form of a secret (its key is the decoded bytes); anything else is used as it is. */
function signingKey(secret: string): Buffer {
  return secret.startsWith("whsec_") ? Buffer.from(secret.slice(6), "base64") : Buffer.from(secret, "utf8");
}

function replyOf(text: string, target: string): string {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new RunnerError(
      `http runner: ${target} answered 200 with something that is not JSON: ${answerDetail(text)}`,
    );
  }
  const reply = (data as { reply?: unknown } | null)?.reply;
  if (typeof reply !== "string") {
    throw new RunnerError(
      `http runner: ${target} answered 200 without a reply string: expected {"reply": "..."}`,
    );
  }
  return reply;
}

function resultOf(later: CallbackAnswer, target: string): RunnerResult {
  if ("error" in later) throw new RunnerError(`http runner: ${target} reported: ${clip(later.error)}`);
  return { reply: later.reply };
}

function clip(text: string): string {
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
