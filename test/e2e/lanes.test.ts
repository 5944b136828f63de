// A real `hookgate serve` with a lane of one and a slow runner (a `command` agent that waits for a
// file the test writes, so nothing here depends on timing): the lane's second run waits queued, says
// why, and counts on /metrics, while another mapping's run goes past it and finishes.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type Child, CLI, listeningUrl, runCli, waitFor } from "../helpers/child.js";

const HOOK_TOKEN = "lanes-e2e-hook-token-0123456789abcdef";
const children: Child[] = [];

afterEach(() => {
  for (const c of children.splice(0)) if (c.proc.exitCode === null) c.proc.kill("SIGKILL");
});

// The agent: notes that its run started, and for a push waits until the test releases that run.
const AGENT = `
import { existsSync, readFileSync, writeFileSync } from "node:fs";
const message = readFileSync(0, "utf8");
const id = process.env.HOOKGATE_RUN_ID;
writeFileSync("started-" + id, message);
if (message.includes("push")) {
  while (!existsSync("release-" + id)) await new Promise((r) => setTimeout(r, 20));
}
console.log("done " + id);
`;

describe("lanes", () => {
  it("runs a lane's runs one at a time while another mapping's run goes past them", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hookgate-lanes-e2e-"));
    writeFileSync(join(dir, "agent.mjs"), AGENT);
    writeFileSync(
      join(dir, "hookgate.yaml"),
      [
        "server: { metrics: { enabled: true } }",
        "hooks:",
        "  enabled: true",
        "  token: '$" + "{HOOK_TOKEN}'",
        "  lanes: { github: { concurrency: 1 } }",
        "  mappings:",
        "    - { id: pushes, match: { path: github }, action: agent, messageTemplate: 'push {{ref}}', flow: { lane: github } }",
        "    - { id: alerts, match: { path: alerts }, action: agent, messageTemplate: 'alert {{name}}' }",
        "store: { kind: sqlite, path: state.db }",
        "agents:",
        "  list:",
        "    - id: main",
        `      runner: { kind: command, command: [${JSON.stringify(process.execPath)}, agent.mjs] }`,
        "",
      ].join("\n"),
    );
    const env = { HOOK_TOKEN };
    const child = runCli(["serve", "--config", "hookgate.yaml", "--port", "0"], { cwd: dir, env });
    children.push(child);
    const url = await listeningUrl(child);
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${url}/hooks/${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${HOOK_TOKEN}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(202);
      return ((await res.json()) as { runId: string }).runId;
    };
    const cli = (...args: string[]) =>
      execFileSync(process.execPath, [CLI, ...args, "--config", "hookgate.yaml"], {
        cwd: dir,
        env: { ...process.env, ...env },
        encoding: "utf8",
      });
    const status = (id: string) =>
      (JSON.parse(cli("runs", "show", id, "--json")) as { status: string }).status;
    const started = (id: string) => existsSync(join(dir, `started-${id}`));

    const first = await post("github", { ref: "main" });
    const second = await post("github", { ref: "dev" });
    await waitFor(() => (started(first) ? true : undefined), 60_000);

    // Another mapping's run is not stuck behind the lane: it runs and finishes while the lane is full.
    const alert = await post("alerts", { name: "DiskFull" });
    await waitFor(() => (status(alert) === "succeeded" ? true : undefined), 60_000);
    expect(status(first)).toBe("running");
    expect(status(second)).toBe("queued");
    expect(started(second)).toBe(false);
    expect(cli("runs", "show", second)).toContain("waiting: lane github: 1 of 1 running");
    expect(cli("runs")).toMatch(/LANE/);
    const metrics = await (await fetch(`${url}/metrics`)).text();
    expect(metrics).toContain('hookgate_lane_runs{lane="github",state="running"} 1');
    expect(metrics).toContain('hookgate_lane_runs{lane="github",state="waiting"} 1');

    // The first push finishes: the second starts, in its turn.
    writeFileSync(join(dir, `release-${first}`), "");
    await waitFor(() => (started(second) ? true : undefined), 60_000);
    expect(status(first)).toBe("succeeded");
    writeFileSync(join(dir, `release-${second}`), "");
    await waitFor(() => (status(second) === "succeeded" ? true : undefined), 60_000);
  }, 180_000);
});
