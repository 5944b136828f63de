// `hookgate serve --config openclaw.json`: an OpenClaw gateway's configuration file served as it is,
// answering what OpenClaw's senders send (their x-openclaw-token header and documented payloads).
import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { type Child, listeningUrl, runCli } from "../helpers/child.js";

const TOKEN = "openclaw-e2e-token-0123456789abcdef";
const FIXTURE = fileURLToPath(new URL("../fixtures/openclaw/openclaw.json5", import.meta.url));
const children: Child[] = [];

afterEach(() => {
  for (const c of children.splice(0)) if (c.proc.exitCode === null) c.proc.kill("SIGKILL");
});

describe("hookgate serve --config openclaw.json", () => {
  it("serves the OpenClaw file's hooks to OpenClaw senders, noting what it leaves out", async () => {
    const dir = mkdtempSync(join(tmpdir(), "hookgate-openclaw-e2e-"));
    copyFileSync(FIXTURE, join(dir, "openclaw.json"));
    mkdirSync(join(dir, "hooks", "transforms"), { recursive: true });
    writeFileSync(
      join(dir, "hooks", "transforms", "signed.js"),
      "export default () => ({ message: 'signed' });\n",
    );
    const child = runCli(["serve", "--config", "openclaw.json", "--port", "0"], {
      cwd: dir,
      env: { OPENCLAW_HOOKS_TOKEN: TOKEN },
    });
    children.push(child);
    const url = await listeningUrl(child);
    const post = (path: string, body: unknown) =>
      fetch(`${url}/hooks${path}`, {
        method: "POST",
        headers: { "x-openclaw-token": TOKEN, "content-type": "application/json" },
        body: JSON.stringify(body),
      });

    const agent = await post("/agent", {
      message: "Run this",
      name: "Email",
      agentId: "OPS",
      wakeMode: "now",
      deliver: false,
      model: "gpt",
      source: "watcher",
    });
    expect(agent.status).toBe(202);
    expect(await agent.json()).toMatchObject({ ok: true, runId: expect.any(String) });
    const mail = await post("/gmail", {
      messages: [{ id: "m1", from: "ada@example.com", subject: "Hi", snippet: "x" }],
    });
    expect(mail.status).toBe(202);
    const wake = await post("/wake", { text: "New email received", mode: "now" });
    expect(await wake.json()).toEqual({ ok: true, mode: "now", eventOutcome: "queued" });

    child.proc.kill("SIGTERM");
    expect(await child.exited).toBe(0);
    expect(child.stderr()).toContain("notice: gateway: ignored:");
    expect(child.stderr()).not.toContain(TOKEN);
  });
});
