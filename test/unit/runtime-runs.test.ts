import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { ResolvedConfig } from "../../src/config/types.js";
import type { DeepPartial } from "../helpers/config.js";
import { type FakeAnswer, type FakeLlm, fakeLlm, gate } from "../helpers/fake-llm.js";
import { type RuntimeHarness, runtimeHarness } from "../helpers/runtime.js";

let llm: FakeLlm | undefined;
let h: RuntimeHarness | undefined;
const dirs: string[] = [];

afterEach(async () => {
  await h?.close();
  await llm?.close();
  h = undefined;
  llm = undefined;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function withLlm(
  answer: (i: number) => FakeAnswer | Promise<FakeAnswer>,
  over: DeepPartial<ResolvedConfig> = {},
  opts: { start?: boolean; dir?: string; stopGraceMs?: number; fetch?: typeof fetch } = {},
): Promise<RuntimeHarness> {
  llm = await fakeLlm((_req, i) => answer(i));
  h = await runtimeHarness(
    {
      providers: { fake: { baseUrl: llm.baseUrl, apiKey: "sk-test" } },
      agents: {
        defaults: { model: "fake/test-model", thinking: "low", ...over.agents?.defaults },
        list: over.agents?.list ?? [
          { id: "main", runner: { kind: "llm" }, systemPrompt: "You triage webhooks." },
        ],
      },
      ...(over.hooks ? { hooks: over.hooks } : {}),
    },
    opts,
  );
  return h;
}

async function finished(id: string) {
  await h!.runtime.idle();
  const run = await h!.store.getRun(id);
  expect(run).not.toBeNull();
  return run!;
}

describe("agent runs", () => {
  it("calls the model with the message, stores the reply, posts the summary and delivers", async () => {
    await withLlm(() => "Login outage reported in #42.\nSuggest paging on-call.");
    const id = await h!.run({ wakeMode: "now" });
    const run = await finished(id);

    expect(llm!.requests).toHaveLength(1);
    const { body, headers } = llm!.requests[0]!;
    expect(headers.authorization).toBe("Bearer sk-test");
    expect(body).toMatchObject({ model: "test-model", reasoning_effort: "low" });
    expect(body.messages).toEqual([
      { role: "system", content: "You triage webhooks." },
      { role: "user", content: "New issue #42: login is broken" },
    ]);

    expect(run).toMatchObject({
      status: "succeeded",
      attempts: 1,
      reply: "Login outage reported in #42.\nSuggest paging on-call.",
      resolvedAgentId: "main",
      resolvedModel: "fake/test-model",
      usage: { promptTokens: 11, completionTokens: 7, totalTokens: 18 },
      prompt: {
        runner: "llm",
        systemPrompt: "You triage webhooks.",
        transcriptMessages: 0,
        message: "New issue #42: login is broken",
        model: "fake/test-model",
        thinking: "low",
        timeoutSeconds: 600,
      },
      delivery: { status: "sent", channel: "telegram", to: "123" },
    });
    expect(run.finishedAt! >= run.startedAt!).toBe(true);
    expect((await h!.store.pendingEvents()).map((e) => e.text)).toEqual([
      "Hook GitHub: Login outage reported in #42.",
    ]);
    expect(h!.delivery.sent).toEqual([
      {
        runId: id,
        text: "Login outage reported in #42.\nSuggest paging on-call.",
        channel: "telegram",
        to: "123",
      },
    ]);
    // wakeMode now asked for a heartbeat of the main session.
    expect(h!.timers.delays).toEqual([250]);
  });

  it("provider error → failed with the reason, summarised in the main session, nothing delivered", async () => {
    // A 400 is final (a 5xx would be retried first).
    await withLlm(() => ({ status: 400, body: { error: { message: "context length exceeded" } } }));
    const run = await finished(await h!.run());
    expect(run.status).toBe("failed");
    expect(run.error).toBe("provider fake rejected the request (HTTP 400): context length exceeded");
    expect((await h!.store.pendingEvents()).map((e) => e.text)).toEqual([
      "Hook GitHub (failed): provider fake rejected the request (HTTP 400): context length exceeded",
    ]);
    expect(h!.delivery.sent).toEqual([]);
    expect(run.delivery).toBeUndefined();
    expect(h!.timers.delays).toEqual([]);
  });

  it("timeout → timed_out: the run's own deadline aborts the provider request that never answers", async () => {
    const signals: AbortSignal[] = [];
    const watchedFetch: typeof fetch = (input, init) => {
      if (init?.signal) signals.push(init.signal);
      return fetch(input, init);
    };
    await withLlm(() => ({ hang: true }), {}, { fetch: watchedFetch });
    const run = await finished(await h!.run({ timeoutSeconds: 0.3 }));
    expect(run.status).toBe("timed_out");
    expect(run.error).toBe("timed out after 0.3s");
    expect(run.prompt?.timeoutSeconds).toBe(0.3);
    // The provider hangs until its connection closes: only the timeout timer can have ended the run.
    expect(signals).toHaveLength(1);
    expect(signals[0]!.aborted).toBe(true);
    expect(signals[0]!.reason).toMatchObject({ name: "TimeoutError", message: "timed out after 0.3s" });
    expect((await h!.store.pendingEvents())[0]!.text).toBe("Hook GitHub (timed_out): timed out after 0.3s");
  });

  it("two runs with one session key: the second sees the first's exchange", async () => {
    await withLlm((i) => (i === 0 ? "Nice to meet you, Ada." : "Your name is Ada."));
    const first = await finished(await h!.run({ sessionKey: "hook:chat", message: "My name is Ada." }));
    expect(first.status).toBe("succeeded");
    const second = await finished(await h!.run({ sessionKey: "hook:chat", message: "What is my name?" }));
    expect(second.prompt?.transcriptMessages).toBe(2);
    expect(llm!.requests[1]!.body.messages).toEqual([
      { role: "system", content: "You triage webhooks." },
      { role: "user", content: "My name is Ada." },
      { role: "assistant", content: "Nice to meet you, Ada." },
      { role: "user", content: "What is my name?" },
    ]);
    // A fresh key starts a fresh conversation.
    await finished(await h!.run({ sessionKey: "hook:other", message: "Hello" }));
    expect(llm!.requests[2]!.body.messages).toHaveLength(2);
  });

  it("an ack-only reply is not delivered (delivery skipped with the reason)", async () => {
    await withLlm(() => "HEARTBEAT_OK");
    const run = await finished(await h!.run());
    expect(run.status).toBe("succeeded");
    expect(run.delivery).toMatchObject({
      status: "skipped",
      reason: "reply is only the ack token HEARTBEAT_OK",
    });
    expect(h!.delivery.sent).toEqual([]);
  });

  it("deliver: false keeps the reply to the run record", async () => {
    await withLlm(() => "quiet");
    const run = await finished(await h!.run({ deliver: false }));
    expect(run.reply).toBe("quiet");
    expect(run.delivery).toBeUndefined();
    expect(h!.delivery.sent).toEqual([]);
  });

  it("resolves model aliases, the mail preset's model and unknown agents", async () => {
    await withLlm(() => "ok", {
      agents: {
        defaults: { models: { "fake/big": { alias: "big" }, "fake/mail-model": {}, "fake/test-model": {} } },
        list: [
          { id: "main", runner: { kind: "llm" } },
          {
            id: "ops",
            runner: { kind: "llm" },
            model: "fake/ops-model",
            thinking: "high",
            timeoutSeconds: 30,
          },
        ],
      },
      hooks: { mail: { model: "fake/mail-model", thinking: "medium" } },
    });
    const alias = await finished(await h!.run({ model: "big" }));
    const mail = await finished(await h!.run({ pack: "mail" }));
    const ops = await finished(await h!.run({ agentId: "ops" }));
    const unknown = await finished(await h!.run({ agentId: "nobody" }));
    expect(
      [alias, mail, ops, unknown].map((r) => [r.resolvedAgentId, r.resolvedModel, r.prompt?.thinking]),
    ).toEqual([
      ["main", "fake/big", "low"],
      ["main", "fake/mail-model", "medium"],
      ["ops", "fake/ops-model", "high"],
      ["main", "fake/test-model", "low"],
    ]);
    expect(ops.prompt?.timeoutSeconds).toBe(30);
    expect(llm!.requests.map((r) => r.body.model)).toEqual(["big", "mail-model", "ops-model", "test-model"]);
  });

  it("runs at most maxConcurrentRuns at once and runs them all", async () => {
    const hold = gate();
    await withLlm(
      async () => {
        await hold.promise;
        return "done";
      },
      { agents: { defaults: { maxConcurrentRuns: 2 } } },
    );
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await h!.run());
    await expect.poll(() => llm!.requests.length).toBe(2);
    expect((await h!.store.listRuns({ limit: 10, status: "queued" })).length).toBe(3);
    hold.open();
    await h!.runtime.idle();
    expect(llm!.requests).toHaveLength(5);
    expect(llm!.maxConcurrent).toBe(2);
    for (const id of ids) expect((await h!.store.getRun(id))!.status).toBe("succeeded");
  });

  it("command runner end to end: message on stdin, reply from stdout, run env", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hookgate-cmd-"));
    dirs.push(dir);
    const script = join(dir, "agent.mjs");
    writeFileSync(
      script,
      [
        "let input = '';",
        "process.stdin.on('data', (c) => (input += c));",
        "process.stdin.on('end', () => {",
        "  if (input.includes('fail')) { console.error('agent: cannot handle ' + input.trim()); process.exit(3); }",
        "  const e = process.env;",
        "  console.log(['handled ' + input.trim(), e.HOOKGATE_RUN_ID, e.HOOKGATE_SESSION_KEY, e.HOOKGATE_AGENT_ID, e.TEAM].join(' | '));",
        "});",
      ].join("\n"),
    );
    chmodSync(script, 0o755);
    h = await runtimeHarness({
      agents: {
        list: [
          {
            id: "main",
            runner: { kind: "command", command: [process.execPath, script], env: { TEAM: "infra" } },
          },
        ],
      },
    });
    const ok = await finished(await h.run({ id: "cmd-1", message: "ticket 7", sessionKey: "hook:tickets" }));
    expect(ok).toMatchObject({
      status: "succeeded",
      reply: "handled ticket 7 | cmd-1 | hook:tickets | main | infra",
      prompt: { runner: "command" },
    });
    const bad = await finished(await h.run({ message: "please fail" }));
    expect(bad.status).toBe("failed");
    expect(bad.error).toBe(
      `command ${process.execPath} exited with code 3: agent: cannot handle please fail`,
    );
  });

  it("a runner that cannot be built fails the run with the reason", async () => {
    h = await runtimeHarness({ agents: { list: [{ id: "main", runner: { kind: "command" } }] } });
    const run = await finished(await h.run());
    expect(run).toMatchObject({
      status: "failed",
      error: "runner.command is required for runner kind command",
    });
    expect((await h.store.pendingEvents())[0]!.text).toBe(
      "Hook GitHub (failed): runner.command is required for runner kind command",
    );
  });

  it("a delivery that does not finish holds no run slot: later runs are claimed and finish", async () => {
    h = await runtimeHarness({ agents: { defaults: { maxConcurrentRuns: 2 } } });
    const release = h.delivery.hold();
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push(await h.run());
    const succeeded = async () => (await h!.store.listRuns({ limit: 20, status: "succeeded" })).length;
    await expect.poll(succeeded, { timeout: 10_000 }).toBe(8);
    await expect.poll(() => h!.runtime.deliveries.sending + h!.runtime.deliveries.waiting).toBe(8);
    // Four sends at once (the delivery pool's bound), the rest wait; all are recorded `pending` meanwhile.
    expect(h.delivery.sent).toHaveLength(4);
    for (const id of ids) expect((await h.store.getRun(id))!.delivery?.status).toBe("pending");

    release();
    await h.runtime.idle();
    for (const id of ids) expect((await h.store.getRun(id))!.delivery?.status).toBe("sent");
    expect(h.delivery.sent.map((d) => d.runId).sort()).toEqual([...ids].sort());
  });

  it("the echo runner answers without a model", async () => {
    h = await runtimeHarness();
    const run = await finished(await h.run({ message: "Deploy done\nall green" }));
    expect(run.reply).toBe("echo: Deploy done (21 chars)");
    expect(run.prompt).toMatchObject({ runner: "echo" });
  });
});

describe("crash safety", () => {
  it("at start, runs cut off by a crash are re-queued once, then failed as `interrupted`", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hookgate-recover-"));
    dirs.push(dir);
    // First life: three runs accepted, two claimed, then the process "dies" (never finishes them).
    const crashed = await withLlm(() => "recovered reply", {}, { start: false, dir });
    await crashed.run({ id: "twice" });
    await crashed.store.claimRuns(1, Date.now());
    await crashed.store.recoverInterrupted(2, Date.now()); // an earlier crash already re-queued it once
    await crashed.run({ id: "once" });
    await crashed.run({ id: "queued" });
    const claimed = await crashed.store.claimRuns(2, Date.now());
    expect(claimed.map((r) => [r.id, r.attempts])).toEqual([
      ["twice", 2],
      ["once", 1],
    ]);
    await crashed.close();
    await llm!.close();

    // Second life over the same file.
    await withLlm(() => "recovered reply", {}, { dir });
    await h!.runtime.idle();
    const runs = Object.fromEntries((await h!.store.listRuns({ limit: 10 })).map((r) => [r.id, r]));
    expect(runs["twice"]).toMatchObject({ status: "failed", error: "interrupted", attempts: 2 });
    expect(runs["once"]).toMatchObject({ status: "succeeded", reply: "recovered reply", attempts: 2 });
    expect(runs["queued"]).toMatchObject({ status: "succeeded", attempts: 1 });
    expect(llm!.requests).toHaveLength(2);
    const events = (await h!.store.pendingEvents()).map((e) => e.text);
    expect(events).toContain("Hook GitHub (failed): interrupted");
    expect(events.filter((t) => t === "Hook GitHub: recovered reply")).toHaveLength(2);
  });

  it("stop cuts off a run that outlives the grace period and leaves it for recovery", async () => {
    await withLlm(() => ({ hang: true }), {}, { stopGraceMs: 50 });
    const id = await h!.run();
    await expect.poll(() => llm!.requests.length).toBe(1);
    // A run waiting on its model shows what it sent while it runs.
    await expect
      .poll(async () => (await h!.store.getRun(id))?.prompt)
      .toMatchObject({ runner: "llm", message: "New issue #42: login is broken" });
    expect(await h!.store.getRun(id)).toMatchObject({ status: "running", resolvedAgentId: "main" });
    const store = h!.store;
    await h!.runtime.stop();
    await store.open();
    expect(await store.getRun(id)).toMatchObject({ status: "running", attempts: 1 });
    await store.close();
  });

  it("stop lets sends in flight finish; a reply whose send never started stays pending for the next start", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hookgate-stop-delivery-"));
    dirs.push(dir);
    h = await runtimeHarness({}, { dir, stopGraceMs: 50 });
    const release = h.delivery.hold();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await h.run());
    // Four sends hang, the fifth reply waits its turn.
    await expect.poll(() => h!.runtime.deliveries.waiting, { timeout: 10_000 }).toBe(1);
    expect(h.runtime.deliveries.sending).toBe(4);

    const store = h.store;
    let stopped = false;
    const stopping = h.runtime.stop().then(() => {
      stopped = true;
    });
    // The grace period ends: the waiting reply is not started any more...
    await expect.poll(() => h!.runtime.deliveries.waiting, { timeout: 10_000 }).toBe(0);
    // ...while stop still waits for the sends in flight.
    expect(stopped).toBe(false);
    release();
    await stopping;

    await store.open();
    const states = await Promise.all(ids.map(async (id) => (await store.getRun(id))!.delivery?.status));
    expect(states.filter((s) => s === "sent")).toHaveLength(4);
    const pending = await store.pendingDeliveries();
    expect(pending).toHaveLength(1);
    expect(ids).toContain(pending[0]!.id);
    await store.close();
  });

  it("resumes deliveries left pending at start", async () => {
    h = await runtimeHarness();
    expect(h.delivery.resumed).toBe(1);
  });
});
