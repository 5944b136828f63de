// The a2a runner against an A2A 1.0 agent built with the SDK's own server (its request handler behind
// its express JSON-RPC handler) on a real port: SendMessage with the run id as messageId and the
// session key as contextId, a working task followed with GetTask, failures named, retries with the
// same bytes, and the agent's credentials never in an error, a log line or a run record.
import { afterEach, describe, expect, it } from "vitest";
import { metrics } from "../../src/core/metrics.js";
import { createA2aRunner } from "../../src/runtime/runners/a2a.js";
import type { RunnerInput } from "../../src/runtime/runners/types.js";
import {
  AgentEvent,
  agentMessage,
  type Behaviour,
  type FakeA2aAgent,
  fakeA2aAgent,
  TaskState,
  taskOf,
} from "../helpers/a2a-agent.js";
import { waitFor } from "../helpers/child.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const TOKEN = "a2a-agent-token-7c1d9e0f";

let agent: FakeA2aAgent | undefined;
let server: TestServer | undefined;

afterEach(async () => {
  await server?.close();
  await agent?.close();
  server = undefined;
  agent = undefined;
});

/** Completes the task at once with the reply as its artifact. */
const completes =
  (reply: string): Behaviour =>
  async (ctx, bus) => {
    bus.publish(AgentEvent.task(taskOf(ctx, TaskState.TASK_STATE_COMPLETED, { artifacts: [reply] })));
  };

async function start(behave: Behaviour, runner: Record<string, unknown> = {}, token?: string) {
  agent = await fakeA2aAgent(behave, token ? { token } : {});
  server = await startTestServer({
    agents: {
      list: [{ id: "main", runner: { kind: "a2a", url: agent.url, ...runner }, timeoutSeconds: 60 }],
      defaultAgentId: "main",
    },
  } as never);
  return { agent, server };
}

async function runOf(server: TestServer, body: unknown): Promise<string> {
  const res = await server.post("/hooks/agent", body);
  expect(res.status).toBe(202);
  return ((await res.json()) as { runId: string }).runId;
}

function input(over: Partial<RunnerInput> = {}): RunnerInput {
  return {
    runId: "0190c0ffee-run-1",
    sessionKey: "hook:ci:42",
    agentId: "main",
    transcript: [],
    message: "Build 42 failed on main",
    timeoutMs: 60_000,
    signal: new AbortController().signal,
    ...over,
  };
}

const sendMessages = (a: FakeA2aAgent) => a.requests.filter((r) => r.method === "SendMessage");

describe("a2a runner", () => {
  it("sends the run as SendMessage (messageId = run id, contextId = session key, A2A-Version 1.0); a completed task's artifacts are the reply, on the usual path", async () => {
    const { agent, server } = await start(completes("Looked at it: the deploy is fine."));
    const id = await runOf(server, { message: "Deploy of api finished", name: "CI" });
    await server.runtime.idle();

    // Completed at once: one request, no GetTask.
    expect(agent.requests.map((r) => r.method)).toEqual(["SendMessage"]);
    const [sent] = sendMessages(agent);
    expect(sent!.headers["a2a-version"]).toBe("1.0");
    const message = (sent!.params as { message: Record<string, unknown> }).message;
    expect(message).toMatchObject({ messageId: id, role: "ROLE_USER" });
    expect(message.contextId).toMatch(/^hook:/);
    expect(agent.messages.map((m) => [m.messageId, m.contextId])).toEqual([[id, message.contextId]]);
    // An agent of your own reads hookgate's fence.
    expect(JSON.stringify(message.parts)).toContain("EXTERNAL_UNTRUSTED_CONTENT");

    const run = (await server.runtime.store.getRun(id))!;
    expect(run).toMatchObject({
      status: "succeeded",
      reply: "Looked at it: the deploy is fine.",
      targetId: expect.any(String),
      prompt: { runner: "a2a" },
    });
    expect(run.targetId).toBe(agent.taskIds[0]);
    expect((await server.runtime.store.pendingEvents(10)).map((e) => e.text)).toEqual([
      "Hook CI: Looked at it: the deploy is fine.",
    ]);
    // The reply joins the session's transcript, as any runner's does.
    expect((await server.runtime.store.transcript(run.sessionKey, 10)).map((m) => m.role)).toEqual([
      "user",
      "assistant",
    ]);
  });

  it("takes the agent's message as the reply when it answers with a message", async () => {
    agent = await fakeA2aAgent(async (ctx, bus) => {
      bus.publish(AgentEvent.message(agentMessage(ctx, "Hello from the agent")));
    });
    const result = await createA2aRunner({ kind: "a2a", url: agent.url }).run(input());
    expect(result).toEqual({ reply: "Hello from the agent" });
  });

  it("follows a working task with GetTask until it completes", async () => {
    let release: () => void = () => {};
    const released = new Promise<void>((ok) => (release = ok));
    agent = await fakeA2aAgent(async (ctx, bus) => {
      bus.publish(AgentEvent.task(taskOf(ctx, TaskState.TASK_STATE_WORKING)));
      await released;
      bus.publish(
        AgentEvent.task(taskOf(ctx, TaskState.TASK_STATE_COMPLETED, { artifacts: ["part one", "part two"] })),
      );
    });
    const running = createA2aRunner({ kind: "a2a", url: agent.url }).run(input());
    running.catch(() => {}); // awaited below; a failure must not wait for the poll to time out
    // The agent is polled while the task works; then it completes.
    await waitFor(() => (agent!.requests.some((r) => r.method === "GetTask") ? true : undefined), 60_000);
    release();
    const result = await running;
    expect(result.reply).toBe("part one\n\npart two");
    const polls = agent.requests.filter((r) => r.method === "GetTask");
    expect(polls.length).toBeGreaterThanOrEqual(2);
    expect(new Set(polls.map((r) => r.params.id))).toEqual(new Set([result.targetId]));
    expect(sendMessages(agent)).toHaveLength(1);
  });

  it.each([
    [TaskState.TASK_STATE_FAILED, "failed"],
    [TaskState.TASK_STATE_REJECTED, "rejected"],
  ])(
    "fails the run when the agent ends the task %s, with the agent's words and the task id",
    async (state, word) => {
      const { agent, server } = await start(async (ctx, bus) => {
        bus.publish(AgentEvent.task(taskOf(ctx, state, { said: "the build server is unreachable" })));
      });
      const id = await runOf(server, { message: "rebuild", name: "CI" });
      await server.runtime.idle();
      const run = (await server.runtime.store.getRun(id))!;
      const taskId = agent.taskIds[0];
      expect(run).toMatchObject({ status: "failed", targetId: taskId });
      expect(run.error).toBe(
        `a2a runner: A2A agent at ${new URL(agent.url).origin} reports task ${taskId} ${word}: the build server is unreachable`,
      );
      expect((await server.runtime.store.pendingEvents(10)).map((e) => e.text)).toEqual([
        expect.stringMatching(/^Hook CI \(failed\): a2a runner: /),
      ]);
    },
  );

  it("an agent asking for more input fails the run, saying why", async () => {
    agent = await fakeA2aAgent(async (ctx, bus) => {
      bus.publish(
        AgentEvent.task(taskOf(ctx, TaskState.TASK_STATE_INPUT_REQUIRED, { said: "which branch?" })),
      );
    });
    await expect(createA2aRunner({ kind: "a2a", url: agent.url }).run(input())).rejects.toThrow(
      /put task \S+ in input-required \(which branch\?\): a hook run sends one message/,
    );
  });

  it("retries a 503 after its Retry-After with the same bytes and messageId; a restarted runner sends them again", async () => {
    const { agent, server } = await start(completes("ok"));
    agent.failNext(1, "0");
    const [retried, ok] = [await counter("retried"), await counter("ok")];
    const id = await runOf(server, { message: "hello" });
    await server.runtime.idle();
    // Counted under the runner's own kind: one request retried, one answered.
    expect([(await counter("retried")) - retried, (await counter("ok")) - ok]).toEqual([1, 1]);
    const sent = sendMessages(agent);
    expect(sent.map((r) => r.status)).toEqual([503, 200]);
    expect(sent[1]!.raw).toBe(sent[0]!.raw);
    expect(sent.map((r) => (r.params as { message: { messageId: string } }).message.messageId)).toEqual([
      id,
      id,
    ]);
    expect((await server.runtime.store.getRun(id))!).toMatchObject({ status: "succeeded", reply: "ok" });

    // What a restarted hookgate sends for the same run: the same request, byte for byte.
    const a = await createA2aRunner({ kind: "a2a", url: agent.url }).run(input());
    const b = await createA2aRunner({ kind: "a2a", url: agent.url }).run(input());
    expect(a.reply).toBe(b.reply);
    const [x, y] = sendMessages(agent).slice(-2);
    expect(y!.raw).toBe(x!.raw);
  });

  it("sends the configured headers (the agent's bearer token reaches it) and never shows them", async () => {
    const { agent, server } = await start(
      completes("authorised"),
      { headers: { Authorization: `Bearer ${TOKEN}` } },
      TOKEN,
    );
    const id = await runOf(server, { message: "hello" });
    await server.runtime.idle();
    expect(sendMessages(agent)[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    const run = (await server.runtime.store.getRun(id))!;
    expect(run).toMatchObject({ status: "succeeded", reply: "authorised" });
    expect([server.logs.join("\n"), JSON.stringify(run)].join("\n")).not.toContain(TOKEN);
  });

  it("fails at once on a 401: the runner, the status, what to check, and never the credentials", async () => {
    const wrong = "not-the-agents-token-3b2a";
    const { agent, server } = await start(
      completes("never"),
      { headers: { Authorization: `Bearer ${wrong}` } },
      TOKEN,
    );
    const refused = await counter("refused");
    const id = await runOf(server, { message: "hello" });
    await server.runtime.idle();
    const run = (await server.runtime.store.getRun(id))!;
    expect((await counter("refused")) - refused).toBe(1);
    expect(agent.requests).toHaveLength(1);
    expect(agent.messages).toHaveLength(0);
    expect(run.status).toBe("failed");
    expect(run.error).toMatch(
      /^a2a runner: A2A agent at http:\/\/127\.0\.0\.1:\d+ refused the run \(HTTP 401\): missing or wrong bearer token — check runner\.headers/,
    );
    expect([run.error, server.logs.join("\n"), JSON.stringify(run)].join("\n")).not.toContain(wrong);
  });

  it("a JSON-RPC error in the agent's answer fails at once, naming the method, the code and the agent's words", async () => {
    agent = await fakeA2aAgent(completes("never"), { requiredExtension: "https://example.com/ext/audit" });
    await expect(createA2aRunner({ kind: "a2a", url: agent.url }).run(input())).rejects.toThrow(
      /^a2a runner: A2A agent at http:\/\/127\.0\.0\.1:\d+ refused SendMessage \(JSON-RPC -32008\): .*https:\/\/example\.com\/ext\/audit/,
    );
    expect(agent.requests).toHaveLength(1);
    expect(agent.messages).toHaveLength(0);
  });
});

async function counter(outcome: string): Promise<number> {
  const data = await metrics.runnerRequests.get();
  return data.values.find((v) => v.labels.runner === "a2a" && v.labels.outcome === outcome)?.value ?? 0;
}
