// A real `hookgate serve` killed with SIGKILL while it hands a run to an OpenClaw gateway: after the
// restart the run is sent again with the same Idempotency-Key and the same bytes, so the gateway
// returns the run it already started instead of starting a second one. No secret reaches the output.
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type Child, CLI, listeningUrl, runCli, waitFor } from "../helpers/child.js";
import { type FakeOpenClaw, fakeOpenClaw } from "../helpers/fake-openclaw.js";

const HOOK_TOKEN = "restart-e2e-hook-token-0123456789";
const children: Child[] = [];
let gateway: FakeOpenClaw | undefined;

afterEach(async () => {
  for (const c of children.splice(0)) if (c.proc.exitCode === null) c.proc.kill("SIGKILL");
  await gateway?.close();
  gateway = undefined;
});

describe("openclaw runner across a crash", () => {
  it("sends the run again with the same id after kill -9, and the gateway keeps one run", async () => {
    gateway = await fakeOpenClaw();
    const dir = mkdtempSync(join(tmpdir(), "hookgate-restart-e2e-"));
    writeFileSync(
      join(dir, "hookgate.yaml"),
      [
        `hooks: { enabled: true, token: '$\{HOOK_TOKEN}' }`,
        "store: { kind: sqlite, path: state.db }",
        "agents:",
        "  list:",
        "    - id: main",
        `      runner: { kind: openclaw, url: "${gateway.url}", token: "\${OPENCLAW_HOOKS_TOKEN}" }`,
        "",
      ].join("\n"),
    );
    const env = { HOOK_TOKEN, OPENCLAW_HOOKS_TOKEN: gateway.token };
    const serve = () => {
      const child = runCli(["serve", "--config", "hookgate.yaml", "--port", "0"], { cwd: dir, env });
      children.push(child);
      return child;
    };

    gateway.holdNext();
    const first = serve();
    const url = await listeningUrl(first);
    const res = await fetch(`${url}/hooks/agent`, {
      method: "POST",
      headers: { authorization: `Bearer ${HOOK_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ message: "Disk 3 failed on db-1", name: "Alerts" }),
    });
    expect(res.status).toBe(202);
    const { runId } = (await res.json()) as { runId: string };
    // The gateway has the run and hookgate waits for its answer: kill it there.
    await waitFor(() => (gateway!.requests.length > 0 ? true : undefined), 60_000);
    first.proc.kill("SIGKILL");
    expect(await first.exited).toBe("SIGKILL");

    const second = serve();
    await listeningUrl(second);
    const run = await waitFor(() => {
      const out = execFileSync(
        process.execPath,
        [CLI, "runs", "show", runId, "--config", "hookgate.yaml", "--json"],
        {
          cwd: dir,
          env: { ...process.env, ...env },
          encoding: "utf8",
        },
      );
      const r = JSON.parse(out) as { status: string; targetId?: string; attempts: number };
      return r.status === "succeeded" ? r : undefined;
    }, 60_000);

    const sent = gateway.requests.filter((r) => r.path === "/hooks/agent");
    expect(sent.map((r) => r.headers["idempotency-key"])).toEqual([runId, runId]);
    expect(sent[1]!.raw).toBe(sent[0]!.raw);
    expect(gateway.runs).toHaveLength(1);
    expect(run).toMatchObject({ targetId: gateway.runs[0]!.runId, attempts: 2 });

    const output = [
      first.stdout(),
      first.stderr(),
      second.stdout(),
      second.stderr(),
      JSON.stringify(run),
    ].join("\n");
    expect(output).not.toContain(gateway.token);
    expect(output).not.toContain(HOOK_TOKEN);
  }, 180_000);
});
