// The openclaw runner against a strict fake gateway: hookgate accepts a run, then hands it to the
// gateway with its token and the run id as Idempotency-Key, resending the same bytes on every retry.
import { afterEach, describe, expect, it } from "vitest";
import { metrics } from "../../src/core/metrics.js";
import { createOpenClawRunner } from "../../src/runtime/runners/openclaw.js";
import type { RunnerInput } from "../../src/runtime/runners/types.js";
import { type FakeOpenClaw, fakeOpenClaw } from "../helpers/fake-openclaw.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

let gateway: FakeOpenClaw | undefined;
let server: TestServer | undefined;

afterEach(async () => {
  await server?.close();
  await gateway?.close();
  server = undefined;
  gateway = undefined;
});

async function start(
  runner: Record<string, unknown> = {},
  gatewayOpts: Parameters<typeof fakeOpenClaw>[0] = {},
): Promise<{ gateway: FakeOpenClaw; server: TestServer }> {
  gateway = await fakeOpenClaw(gatewayOpts);
  server = await startTestServer({
    agents: {
      list: [
        {
          id: "main",
          runner: { kind: "openclaw", url: gateway.url, token: gateway.token, agentId: "ops", ...runner },
          timeoutSeconds: 60,
        },
      ],
      defaultAgentId: "main",
    },
  } as never);
  return { gateway, server };
}

async function accepted(res: Response): Promise<string> {
  expect(res.status).toBe(202);
  return ((await res.json()) as { runId: string }).runId;
}

/** A runner input as the run executor builds it. */
function input(over: Partial<RunnerInput> = {}): RunnerInput {
  return {
    runId: "0190c0ffee-run-1",
    sessionKey: "hook:ci:42",
    agentId: "main",
    transcript: [],
    message: "Build 42 failed on main",
    timeoutMs: 60_000,
    signal: new AbortController().signal,
    run: { name: "CI", wakeMode: "now", deliver: true, channel: "last", timeoutSeconds: 60 },
    ...over,
  };
}

describe("openclaw runner", () => {
  it("hands an accepted run to the gateway: its token, the run id as Idempotency-Key, the content unfenced, the gateway's runId recorded", async () => {
    const { gateway, server } = await start();
    const id = await accepted(
      await server.post("/hooks/agent", { message: "Deploy of api failed", name: "CI" }),
    );
    await server.runtime.idle();

    expect(gateway.runs).toHaveLength(1);
    const sent = gateway.requests.find((r) => r.path === "/hooks/agent")!;
    expect(sent.headers.authorization).toBe(`Bearer ${gateway.token}`);
    expect(sent.headers["idempotency-key"]).toBe(id);
    // The gateway fences hook content itself: it gets the content without hookgate's fence.
    expect(sent.body).toEqual({
      message: "Deploy of api failed",
      name: "CI",
      agentId: "ops",
      sessionKey: expect.stringMatching(/^hook:/),
      sessionMode: "persistent",
      wakeMode: "now",
      deliver: true,
      timeoutSeconds: 60,
    });

    const run = (await server.runtime.store.getRun(id))!;
    expect(run).toMatchObject({
      status: "succeeded",
      targetId: gateway.runs[0]!.runId,
      prompt: { runner: "openclaw", message: "Deploy of api failed" },
      delivery: { status: "skipped", reason: expect.stringContaining("delivers its reply") },
    });
    // The gateway posts the summary into its own main session; none piles up here.
    expect(await server.runtime.store.pendingEvents(10)).toEqual([]);
    expect(server.logs.join("\n")).not.toContain(gateway.token);
  });

  it("retries a 503 after its Retry-After with the identical body, and a resend after a restart gets the same runId", async () => {
    gateway = await fakeOpenClaw();
    gateway.failNext(1, "0");
    const runner = createOpenClawRunner("main", { kind: "openclaw", url: gateway.url, token: gateway.token });
    const first = await runner.run(input());
    const [busy, ok] = gateway.requests;
    expect([busy!.status, ok!.status]).toEqual([503, 200]);
    expect(ok!.raw).toBe(busy!.raw);
    expect(ok!.headers["idempotency-key"]).toBe(busy!.headers["idempotency-key"]);

    // What a restarted hookgate sends for the same stored run: the same bytes, so the same gateway run.
    const again = await createOpenClawRunner("main", {
      kind: "openclaw",
      url: gateway.url,
      token: gateway.token,
    }).run(input());
    expect(again.targetId).toBe(first.targetId);
    expect(gateway.runs).toHaveLength(1);
    expect(gateway.requests.at(-1)!.raw).toBe(ok!.raw);
  });

  it("fails at once on a wrong token: 401, the runner, what to check, and never the token", async () => {
    const { gateway, server } = await start({ token: "not-the-gateway-token-9f8e" });
    const id = await accepted(await server.post("/hooks/agent", { message: "hello" }));
    await server.runtime.idle();
    const run = (await server.runtime.store.getRun(id))!;
    expect(run.status).toBe("failed");
    expect(run.error).toMatch(
      /^openclaw runner: OpenClaw gateway at http:\/\/127\.0\.0\.1:\d+ refused the run \(HTTP 401\)/,
    );
    expect(run.error).toContain("check runner.token");
    expect(gateway.requests).toHaveLength(1);
    const everything = [run.error, server.logs.join("\n"), JSON.stringify(run)].join("\n");
    expect(everything).not.toContain("not-the-gateway-token-9f8e");
    // A failed hand-off posts its summary here: the gateway never heard of the run.
    expect((await server.runtime.store.pendingEvents(10)).map((e) => e.text)).toEqual([
      expect.stringMatching(/^Hook agent \(failed\): openclaw runner: .*HTTP 401/),
    ]);
  });

  it("does not retry what the gateway refuses: an empty message is a 400", async () => {
    gateway = await fakeOpenClaw();
    const runner = createOpenClawRunner("main", { kind: "openclaw", url: gateway.url, token: gateway.token });
    await expect(runner.run(input({ message: "   " }))).rejects.toThrow(
      /refused the run \(HTTP 400\): message required$/,
    );
    expect(gateway.requests).toHaveLength(1);
  });

  it("sends a destination only whole: a concrete channel with its recipient, never last", async () => {
    gateway = await fakeOpenClaw();
    const runner = createOpenClawRunner("main", { kind: "openclaw", url: gateway.url, token: gateway.token });
    const settings = { name: "CI", wakeMode: "now" as const, deliver: true, timeoutSeconds: 60 };
    await runner.run(input({ runId: "r-1", run: { ...settings, channel: "telegram", to: "42" } }));
    await runner.run(input({ runId: "r-2", run: { ...settings, channel: "last", to: "42" } }));
    await runner.run(input({ runId: "r-3", run: { ...settings, channel: "slack" } }));
    expect(gateway.requests.map((r) => [r.status, r.body.channel, r.body.to])).toEqual([
      [200, "telegram", "42"],
      [200, undefined, undefined],
      [200, undefined, undefined],
    ]);
  });

  it("says how to let the gateway take hookgate's session keys", async () => {
    gateway = await fakeOpenClaw({ allowRequestSessionKey: false });
    const runner = createOpenClawRunner("main", { kind: "openclaw", url: gateway.url, token: gateway.token });
    await expect(runner.run(input())).rejects.toThrow(
      /set hooks\.allowRequestSessionKey: true on the gateway/,
    );
  });

  it("retries an unreachable gateway until the run's time is up, then names it", async () => {
    gateway = await fakeOpenClaw();
    const url = gateway.url;
    await gateway.close();
    gateway = undefined;
    const waits: number[] = [];
    let clock = 1_000_000;
    const runner = createOpenClawRunner(
      "main",
      { kind: "openclaw", url, token: "oc-hooks-token-5f1c2a" },
      {
        now: () => clock,
        random: () => 1,
        sleep: async (ms) => {
          waits.push(ms);
          clock += ms;
        },
      },
    );
    const before = await counter("retried");
    await expect(runner.run(input({ timeoutMs: 20_000 }))).rejects.toThrow(
      /^openclaw runner: could not reach OpenClaw gateway at http:\/\/127\.0\.0\.1:\d+: .* \(after \d+ attempts; another would come after the run's timeout\)$/,
    );
    expect(waits.slice(0, 3)).toEqual([1000, 2000, 4000]);
    expect((await counter("retried")) - before).toBe(waits.length + 1);
  });

  it("forwards the main session's wakes to the gateway when the default agent runs there", async () => {
    const { gateway, server } = await start();
    const res = await server.post("/hooks/wake", { text: "disk 3 is almost full", mode: "now" });
    expect(res.status).toBe(200);
    await server.runtime.heartbeatNow();
    expect(gateway.wakes).toEqual([{ text: "disk 3 is almost full", mode: "now" }]);
    expect(await server.runtime.store.pendingEvents(10)).toEqual([]);
  });

  it("forwards each wake with its own mode: next-heartbeat ones first, then the now ones", async () => {
    gateway = await fakeOpenClaw();
    const runner = createOpenClawRunner("main", { kind: "openclaw", url: gateway.url, token: gateway.token });
    const heartbeat = (events: string[], modes?: Array<"now" | "next-heartbeat">) =>
      runner.run({
        sessionKey: "main",
        agentId: "main",
        transcript: [],
        message: "heartbeat",
        timeoutMs: 60_000,
        signal: new AbortController().signal,
        heartbeat: { ackToken: "HEARTBEAT_OK", events, ...(modes ? { modes } : {}) },
      });
    await heartbeat(
      ["nightly report ready", "disk 3 failed", "backup done"],
      ["next-heartbeat", "now", "next-heartbeat"],
    );
    expect(gateway.wakes).toEqual([
      { text: "nightly report ready\nbackup done", mode: "next-heartbeat" },
      { text: "disk 3 failed", mode: "now" },
    ]);
    // Only next-heartbeat events: one wake, and the gateway is not woken now.
    await heartbeat(["weekly digest"], ["next-heartbeat"]);
    expect(gateway.wakes.at(-1)).toEqual({ text: "weekly digest", mode: "next-heartbeat" });
    expect(gateway.wakes).toHaveLength(3);
    // Nothing pending: no wake at all.
    await heartbeat([], []);
    expect(gateway.wakes).toHaveLength(3);
  });

  it("a next-heartbeat wake stored here reaches the gateway with its mode", async () => {
    const { gateway, server } = await start();
    const res = await server.post("/hooks/wake", { text: "nightly report ready", mode: "next-heartbeat" });
    expect(res.status).toBe(200);
    await server.runtime.heartbeatNow();
    expect(gateway.wakes).toEqual([{ text: "nightly report ready", mode: "next-heartbeat" }]);
    expect(await server.runtime.store.pendingEvents(10)).toEqual([]);
  });
});

async function counter(outcome: string): Promise<number> {
  const data = await metrics.runnerRequests.get();
  return data.values.find((v) => v.labels.runner === "openclaw" && v.labels.outcome === outcome)?.value ?? 0;
}
