import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCommandRunner } from "../../src/runtime/runners/command.js";
import type { RunnerInput } from "../../src/runtime/runners/types.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "hookgate-command-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function input(over: Partial<RunnerInput> = {}): RunnerInput {
  return {
    runId: "run-9",
    sessionKey: "hook:abc",
    agentId: "ops",
    model: "openai/gpt-test",
    transcript: [],
    message: "hello from the hook",
    timeoutMs: 10_000,
    signal: new AbortController().signal,
    ...over,
  };
}

function script(name: string, lines: string[]): string {
  const file = join(dir, name);
  writeFileSync(file, lines.join("\n"));
  return file;
}

/** Running (a zombie waiting for a reaper counts as dead: it was killed). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return true;
  }
}

describe("command runner", () => {
  it("sends the message on stdin and returns stdout trimmed, with the run's environment", async () => {
    const file = script("agent.mjs", [
      "let s = '';",
      "process.stdin.on('data', (c) => (s += c)).on('end', () => {",
      "  const e = process.env;",
      "  const vars = [e.HOOKGATE_RUN_ID, e.HOOKGATE_SESSION_KEY, e.HOOKGATE_AGENT_ID, e.HOOKGATE_MODEL, e.EXTRA, process.cwd()];",
      "  process.stdout.write('\\n  got: ' + s + ' [' + vars.join(' ') + ']  \\n\\n');",
      "});",
    ]);
    mkdirSync(join(dir, "work"));
    const runner = createCommandRunner(
      { kind: "command", command: [process.execPath, file], env: { EXTRA: "x1" }, cwd: "work" },
      { dir },
    );
    expect(await runner.run(input())).toEqual({
      reply: `got: hello from the hook [run-9 hook:abc ops openai/gpt-test x1 ${join(dir, "work")}]`,
    });
  });

  it("resolves a relative program path against the config folder and runs it without a shell", async () => {
    const file = script("echo-args.sh", ["#!/bin/sh", 'printf "%s|" "$@"']);
    chmodSync(file, 0o755);
    const runner = createCommandRunner(
      { kind: "command", command: ["./echo-args.sh", "a b", "$HOME", ";ls"] },
      { dir },
    );
    expect((await runner.run(input())).reply).toBe("a b|$HOME|;ls|");
  });

  it("a non-zero exit fails with the tail of stderr", async () => {
    const file = script("fail.mjs", [
      "console.error('x'.repeat(2000));",
      "console.error('fatal: token expired');",
      "process.exit(4);",
    ]);
    const runner = createCommandRunner({ kind: "command", command: [process.execPath, file] }, { dir });
    const err = await runner.run(input()).catch((e: Error) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(/^command .+ exited with code 4: x+\nfatal: token expired$/);
    expect((err as Error).message.length).toBeLessThan(700);
  });

  it("a missing program is named", async () => {
    const runner = createCommandRunner({ kind: "command", command: ["./does-not-exist"] }, { dir });
    await expect(runner.run(input())).rejects.toThrow(
      `command not found: ./does-not-exist (runner.command[0], resolved to ${join(dir, "does-not-exist")})`,
    );
  });

  it("an abort kills the whole process group, helpers that ignore SIGTERM included", async () => {
    const pidFile = join(dir, "child.pid");
    const file = script("slow.mjs", [
      "import { spawn } from 'node:child_process';",
      "import { writeFileSync } from 'node:fs';",
      // A helper that ignores SIGTERM: only the group SIGKILL ends it.
      `const child = spawn(process.execPath, ['-e', "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)"], { stdio: 'ignore' });`,
      `writeFileSync(${JSON.stringify(pidFile)}, String(child.pid));`,
      "process.on('SIGTERM', () => {});",
      "setInterval(() => {}, 1000);",
    ]);
    const runner = createCommandRunner(
      { kind: "command", command: [process.execPath, file] },
      { dir, killGraceMs: 100 },
    );
    const controller = new AbortController();
    const pending = runner.run(input({ signal: controller.signal }));
    await expect.poll(() => existsSync(pidFile) && readFileSync(pidFile, "utf8").length > 0).toBe(true);
    const helper = Number(readFileSync(pidFile, "utf8"));
    expect(alive(helper)).toBe(true);
    controller.abort(new Error("timed out after 1s"));
    await expect(pending).rejects.toThrow("timed out after 1s");
    await expect.poll(() => alive(helper), { timeout: 5000 }).toBe(false);
  });

  it("requires an argv", () => {
    expect(() => createCommandRunner({ kind: "command" }, { dir })).toThrow(
      "runner.command is required for runner kind command",
    );
  });
});
