// Runs a program per turn: argv without a shell, the message on stdin, the reply on stdout. The program
// leads its own process group so that a timeout kills everything it started (SIGTERM, then SIGKILL).
import { spawn } from "node:child_process";
import { isAbsolute, resolve } from "node:path";
import type { RunnerConfig } from "../../types/generated.js";
import { type Runner, RunnerError, type RunnerInput, type RunnerResult } from "./types.js";

const MAX_STDOUT_BYTES = 4 * 1024 * 1024;
const STDERR_TAIL_CHARS = 500;

export interface CommandRunnerOptions {
  /** Folder relative program paths and `cwd` resolve against (the config file's folder). */
  dir: string;
  /** Time between SIGTERM and SIGKILL once a run is aborted. */
  killGraceMs?: number;
}

export function createCommandRunner(runner: RunnerConfig, opts: CommandRunnerOptions): Runner {
  const argv = runner.command;
  if (!argv?.length) throw new RunnerError("runner.command is required for runner kind command");
  const [program, ...args] = argv;
  // A bare name is looked up on PATH; anything with a slash is a path relative to the config file.
  const executable = program.includes("/") && !isAbsolute(program) ? resolve(opts.dir, program) : program;
  const cwd = resolve(opts.dir, runner.cwd ?? ".");
  const grace = opts.killGraceMs ?? 2000;

  return {
    kind: "command",
    run(input: RunnerInput): Promise<RunnerResult> {
      if (input.signal.aborted) return Promise.reject(input.signal.reason);
      return new Promise<RunnerResult>((resolvePromise, reject) => {
        const env: NodeJS.ProcessEnv = {
          ...process.env,
          ...runner.env,
          HOOKGATE_RUN_ID: input.runId ?? "",
          HOOKGATE_SESSION_KEY: input.sessionKey,
          HOOKGATE_AGENT_ID: input.agentId,
        };
        if (input.model) env["HOOKGATE_MODEL"] = input.model;
        if (input.thinking) env["HOOKGATE_THINKING"] = input.thinking;
        if (input.heartbeat) env["HOOKGATE_HEARTBEAT"] = "1";

        const child = spawn(executable, args, { cwd, env, detached: true, stdio: ["pipe", "pipe", "pipe"] });
        const stdout: Buffer[] = [];
        let stdoutBytes = 0;
        let stderr = "";
        let killTimer: NodeJS.Timeout | undefined;

        const killGroup = (signal: NodeJS.Signals) => {
          if (child.pid === undefined) return;
          try {
            process.kill(-child.pid, signal);
          } catch {
            // the group is already gone
          }
        };
        const onAbort = () => {
          killGroup("SIGTERM");
          killTimer = setTimeout(() => killGroup("SIGKILL"), grace);
          killTimer.unref();
        };
        input.signal.addEventListener("abort", onAbort, { once: true });

        child.stdout.on("data", (chunk: Buffer) => {
          if (stdoutBytes >= MAX_STDOUT_BYTES) return;
          stdout.push(chunk);
          stdoutBytes += chunk.length;
        });
        child.stderr.setEncoding("utf8");
        child.stderr.on("data", (chunk: string) => {
          stderr = (stderr + chunk).slice(-4 * STDERR_TAIL_CHARS);
        });
        // A program that does not read its stdin must not crash us with EPIPE.
        child.stdin.on("error", () => {});
        child.stdin.end(input.message);

        child.on("error", (err: NodeJS.ErrnoException) => {
          input.signal.removeEventListener("abort", onAbort);
          reject(
            new RunnerError(
              err.code === "ENOENT"
                ? `command not found: ${program} (runner.command[0], resolved to ${executable})`
                : `could not start ${program}: ${err.message}`,
            ),
          );
        });
        child.on("close", (code, signal) => {
          input.signal.removeEventListener("abort", onAbort);
          // After an abort the SIGKILL timer stays armed: helpers that ignored SIGTERM still die.
          if (input.signal.aborted) return reject(input.signal.reason);
          if (killTimer) clearTimeout(killTimer);
          if (code === 0) return resolvePromise({ reply: Buffer.concat(stdout).toString("utf8").trim() });
          const tail = stderr.trim().slice(-STDERR_TAIL_CHARS);
          const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
          reject(new RunnerError(`command ${program} ${how}${tail ? `: ${tail}` : " (no stderr output)"}`));
        });
      });
    },
  };
}
