// `hookgate` as a real child process (the built dist/cli.js), for end-to-end tests.
import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

export const CLI = fileURLToPath(new URL("../../dist/cli.js", import.meta.url));

export interface Child {
  proc: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the exit code (or the signal name). */
  exited: Promise<number | string>;
}

export function runCli(args: string[], opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Child {
  return runProgram(process.execPath, [CLI, ...args], opts);
}

/** Any program as a child process, e.g. a `hookgate` installed somewhere else. */
export function runProgram(
  file: string,
  args: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv } = {},
): Child {
  const proc = spawn(file, args, {
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  proc.stdout?.setEncoding("utf8").on("data", (d: string) => {
    out += d;
  });
  proc.stderr?.setEncoding("utf8").on("data", (d: string) => {
    err += d;
  });
  const exited = new Promise<number | string>((resolve) => {
    proc.on("exit", (code, signal) => resolve(code ?? signal ?? -1));
  });
  return { proc, stdout: () => out, stderr: () => err, exited };
}

/** Waits until the server prints its address; fails with its output if it exits first. */
export async function listeningUrl(child: Child): Promise<string> {
  for (;;) {
    const m = /listening on (http:\/\/\S+)/.exec(child.stdout());
    if (m) return m[1]!;
    const done = await Promise.race([
      child.exited.then(() => true),
      new Promise((r) => setTimeout(r, 20, false)),
    ]);
    if (done) throw new Error(`hookgate exited before listening:\n${child.stdout()}\n${child.stderr()}`);
  }
}

/** Polls `check` until it returns a value other than undefined, or fails after `limitMs`. */
export async function waitFor<T>(
  check: () => Promise<T | undefined> | T | undefined,
  limitMs = 20_000,
): Promise<T> {
  const end = Date.now() + limitMs;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error("condition not reached in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}
