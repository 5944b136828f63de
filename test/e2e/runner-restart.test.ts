// A real `hookgate serve` killed with SIGKILL while it hands a run to an OpenClaw gateway or an A2A
// agent: after the restart the run is sent again with the same id (Idempotency-Key, the A2A
// messageId) and the same bytes, so a target that remembers ids starts it once. No secret reaches
// the output.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { AgentEvent, type FakeA2aAgent, fakeA2aAgent, TaskState, taskOf } from "../helpers/a2a-agent.js";
import { type Child, CLI, listeningUrl, runCli, waitFor } from "../helpers/child.js";
import { type FakeOpenClaw, fakeOpenClaw } from "../helpers/fake-openclaw.js";

const HOOK_TOKEN = "restart-e2e-hook-token-0123456789";
const children: Child[] = [];
let gateway: FakeOpenClaw | undefined;
let agent: FakeA2aAgent | undefined;

afterEach(async () => {
  for (const c of children.splice(0)) if (c.proc.exitCode === null) c.proc.kill("SIGKILL");
  await gateway?.close();
  await agent?.close();
  gateway = undefined;
  agent = undefined;
});

/** `hookgate serve` in `dir` with `env`, killed after the test if still running. */
function serveIn(dir: string, env: Record<string, string>): Child {
  const child = runCli(["serve", "--config", "hookgate.yaml", "--port", "0"], { cwd: dir, env });
  children.push(child);
  return child;
}

/** `hookgate runs show --json` until the run has succeeded. */
function succeeded(dir: string, env: Record<string, string>, runId: string) {
  return waitFor(() => {
    const out = execFileSync(
      process.execPath,
      [CLI, "runs", "show", runId, "--config", "hookgate.yaml", "--json"],
      { cwd: dir, env: { ...process.env, ...env }, encoding: "utf8" },
    );
    const r = JSON.parse(out) as { status: string; targetId?: string; attempts: number };
    return r.status === "succeeded" ? r : undefined;
  }, 60_000);
}

/**
 * A config whose main agent runs on `runner` (a YAML flow mapping), one `/hooks/agent` request, and
 * `hookgate serve` killed with -9 once `handed()` says the target has the run; then a second serve
 * until the run succeeded. Gives the run's id, its record and everything both processes printed.
 */
async function crashWhileForwarding(runner: string, env: Record<string, string>, handed: () => boolean) {
  const dir = mkdtempSync(join(tmpdir(), "hookgate-restart-e2e-"));
  writeFileSync(
    join(dir, "hookgate.yaml"),
    [
      `hooks: { enabled: true, token: '$\{HOOK_TOKEN}' }`,
      "store: { kind: sqlite, path: state.db }",
      "agents:",
      "  list:",
      "    - id: main",
      `      runner: ${runner}`,
      "",
    ].join("\n"),
  );
  const first = serveIn(dir, env);
  const url = await listeningUrl(first);
  const res = await fetch(`${url}/hooks/agent`, {
    method: "POST",
    headers: { authorization: `Bearer ${HOOK_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify({ message: "Disk 3 failed on db-1", name: "Alerts" }),
  });
  expect(res.status).toBe(202);
  const { runId } = (await res.json()) as { runId: string };
  // The target has the run and hookgate waits for its answer: kill it there.
  await waitFor(() => (handed() ? true : undefined), 60_000);
  first.proc.kill("SIGKILL");
  expect(await first.exited).toBe("SIGKILL");

  const second = serveIn(dir, env);
  await listeningUrl(second);
  const run = await succeeded(dir, env, runId);
  const output = [first.stdout(), first.stderr(), second.stdout(), second.stderr(), JSON.stringify(run)];
  return { runId, run, output: output.join("\n") };
}

describe("openclaw runner across a crash", () => {
  it("sends the run again with the same id after kill -9, and the gateway keeps one run", async () => {
    gateway = await fakeOpenClaw();
    gateway.holdNext();
    const { runId, run, output } = await crashWhileForwarding(
      `{ kind: openclaw, url: "${gateway.url}", token: "\${OPENCLAW_HOOKS_TOKEN}" }`,
      { HOOK_TOKEN, OPENCLAW_HOOKS_TOKEN: gateway.token },
      () => gateway!.requests.length > 0,
    );

    const sent = gateway.requests.filter((r) => r.path === "/hooks/agent");
    expect(sent.map((r) => r.headers["idempotency-key"])).toEqual([runId, runId]);
    expect(sent[1]!.raw).toBe(sent[0]!.raw);
    expect(gateway.runs).toHaveLength(1);
    expect(run).toMatchObject({ targetId: gateway.runs[0]!.runId, attempts: 2 });
    expect(output).not.toContain(gateway.token);
    expect(output).not.toContain(HOOK_TOKEN);
  }, 180_000);
});

describe("a2a runner across a crash", () => {
  it("sends SendMessage again with the same messageId and bytes after kill -9", async () => {
    const A2A_TOKEN = "restart-e2e-a2a-token-9f8e7d6c";
    let calls = 0;
    agent = await fakeA2aAgent(
      async (ctx, bus) => {
        // The first message is never answered: hookgate is killed while it waits.
        if (++calls === 1) return new Promise<void>(() => {});
        bus.publish(
          AgentEvent.task(taskOf(ctx, TaskState.TASK_STATE_COMPLETED, { artifacts: ["replaced disk 3"] })),
        );
      },
      { token: A2A_TOKEN },
    );
    const { runId, run, output } = await crashWhileForwarding(
      `{ kind: a2a, url: "${agent.url}", headers: { Authorization: "Bearer \${A2A_TOKEN}" } }`,
      { HOOK_TOKEN, A2A_TOKEN },
      () => agent!.messages.length > 0,
    );

    const sent = agent.requests.filter((r) => r.method === "SendMessage");
    expect(sent.map((r) => (r.params as { message: { messageId: string } }).message.messageId)).toEqual([
      runId,
      runId,
    ]);
    expect(sent[1]!.raw).toBe(sent[0]!.raw);
    expect(run).toMatchObject({ targetId: agent.taskIds[1], attempts: 2 });
    expect(output).not.toContain(A2A_TOKEN);
    expect(output).not.toContain(HOOK_TOKEN);
  }, 180_000);
});
