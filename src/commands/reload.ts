// `hookgate reload`: SIGHUP to the server named by its pid file, then the outcome the server writes
// beside it. A signal rather than an HTTP endpoint: only the user the server runs as (or root) can
// send it, and nothing new listens on the network.
import { resolve } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { configFileNames } from "../config/load.js";
import { declaredStoreFile } from "../config/store-file.js";
import {
  pidFileBeside,
  readPid,
  readReloadStatus,
  reloadStatusFile,
  serverProcess,
} from "../reload/pid-file.js";
import { parseCommandArgs } from "./args.js";
import type { Command } from "./command.js";

const help = `Usage: hookgate reload [--config FILE] [--pid-file FILE] [--timeout SECONDS]

Asks the running server to reload its configuration in place (the same as kill -HUP), waits for the
outcome and prints it. The server loads and compiles the new config aside and swaps it in between
requests; an invalid config changes nothing, and every problem is printed here and in the server's log.

  --config, -c FILE   the server's config file, to find its pid file
                      (default: ./${configFileNames.join(", ./")}, as for serve)
  --pid-file FILE     the pid file serve wrote (default: hookgate.pid next to the SQLite state file)
  --timeout SECONDS   how long to wait for the outcome (default 60)
  --help, -h          show this help

Only the user the server runs as (or root) may signal it and read the outcome; under systemd,
systemctl reload hookgate does the same. Exit status 0 when the new config serves (settings that
need a restart are listed), 1 when the reload failed or no server answered.`;

export const command: Command = {
  summary: "reload a running server's config in place (SIGHUP)",
  async run(argv) {
    const args = parseCommandArgs("reload", help, {
      args: argv,
      options: {
        config: { type: "string", short: "c" },
        "pid-file": { type: "string" },
        url: { type: "string" },
        timeout: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    });
    if (typeof args === "number") return args;
    const { values } = args;
    const timeoutSeconds = values.timeout === undefined ? 60 : Number(values.timeout);
    if (!(Number.isFinite(timeoutSeconds) && timeoutSeconds > 0)) {
      return fail(`--timeout must be a positive number of seconds, got "${values.timeout}"`);
    }

    // The config only tells where the state folder is; it is read leniently, because the config is
    // likely being reloaded for a reason: a mistake elsewhere in it must not hide the server.
    let pidFile: string | undefined;
    let loadProblem = "";
    if (values["pid-file"] !== undefined) {
      pidFile = resolve(values["pid-file"]);
    } else {
      try {
        const store = await declaredStoreFile(values.config !== undefined ? { file: values.config } : {});
        pidFile = store === undefined ? undefined : pidFileBeside(store);
      } catch (err) {
        loadProblem = (err as Error).message;
      }
    }
    if (!pidFile) {
      return fail(
        loadProblem
          ? `cannot tell where the server's pid file is, the config file cannot be read:\n${loadProblem}\n(name it with --pid-file FILE)`
          : "this config keeps no state folder for a pid file: start serve with --pid-file FILE and pass the same here",
      );
    }
    const pid = readPid(pidFile);
    if (pid === undefined) {
      return fail(`no server is running: ${pidFile} does not exist or holds no process id`);
    }
    switch (serverProcess(pid)) {
      case "gone":
        return fail(`no server is running: process ${pid} from ${pidFile} has ended (a stale pid file)`);
      case "other":
        return fail(
          `process ${pid} from ${pidFile} is not hookgate serve (a stale pid file whose number was reused); not signalling it`,
        );
      case "not-allowed":
        return fail(
          `not allowed to signal process ${pid}: it runs as another user; run this as that user or root (under systemd: systemctl reload hookgate)`,
        );
      case "running":
        break;
    }

    const seen = readReloadStatus(pidFile)?.attempt ?? 0;
    process.kill(pid, "SIGHUP");
    const end = Date.now() + timeoutSeconds * 1000;
    for (;;) {
      const status = readReloadStatus(pidFile);
      if (status && status.attempt > seen) {
        for (const line of [...status.errors, ...status.warnings]) process.stderr.write(`${line}\n`);
        if (!status.ok) {
          const n = status.errors.length;
          return fail(
            `reload failed with ${n} error${n === 1 ? "" : "s"}; generation ${status.generation} keeps serving`,
          );
        }
        process.stdout.write(`reloaded: generation ${status.generation} serves new requests\n`);
        for (const key of status.needsRestart) {
          process.stdout.write(`${key}: changed, but needs a restart; the running value stays\n`);
        }
        return 0;
      }
      if (serverProcess(pid) !== "running") return fail(`the server (pid ${pid}) ended before answering`);
      if (Date.now() > end) {
        return fail(
          `sent SIGHUP to pid ${pid}, but ${reloadStatusFile(pidFile)} showed no outcome within ${timeoutSeconds} s; see the server's log`,
        );
      }
      await delay(50);
    }
  },
};

function fail(message: string): number {
  process.stderr.write(`hookgate reload: ${message}\n`);
  return 1;
}
