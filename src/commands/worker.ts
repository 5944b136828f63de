// `hookgate worker`: the work of a shared store without serving HTTP — queued agent runs, their
// deliveries, and the main session's heartbeats when this instance holds the heartbeat lease — so
// that ingress (`serve --no-worker`) and agent work scale apart.

import { ConfigError, formatIssue } from "../config/errors.js";
import { loadConfig } from "../config/load.js";
import { createLogger } from "../log.js";
import { createRuntime } from "../runtime/index.js";
import { openStore } from "../store/index.js";
import { describeDatabase } from "../store/postgres/connect.js";
import { parseCommandArgs } from "./args.js";
import type { Command } from "./command.js";
import { LOG_LEVELS, loadForCommand, logLevelOption, untilStopped } from "./long-running.js";

const HELP = `Usage: hookgate worker [--config FILE] [--log-level LEVEL]

Runs the work of instances sharing a PostgreSQL store, without serving HTTP: queued agent runs and
the delivery of their replies, runs and replies left behind by an instance that died, and the main
session's heartbeats (one instance at a time runs them). Start as many as the agent work needs,
beside \`hookgate serve --no-worker\` instances that take the requests; docs/guides/scale-out.md
("Running several instances") has a recipe.

  --config, -c FILE  config file (YAML or JSON); its store must be store.kind: postgres. Default:
                     ./hookgate.yaml, ./hookgate.yml or ./hookgate.json (first found).
  --log-level LEVEL  ${LOG_LEVELS.join(" | ")} (overrides server.logLevel)

With SQLite (the default store) there is nothing to run apart: \`hookgate serve\` does the work
itself, so \`hookgate worker\` refuses to start (a second process would run the same work twice).

Prints "worker ready" when running. SIGTERM or SIGINT stops taking work, lets runs in flight finish
(up to 10 s; the rest go back to the queue for the other instances) and exits 0. SIGHUP reloads the
config for the work that starts from then on (agents, providers, channels, delivery, heartbeat; the
store and agents.defaults.maxConcurrentRuns need a restart). Logs are JSON lines on stderr.`;

export const command: Command = {
  summary: "run queued runs, deliveries and heartbeats of a shared store, without HTTP",
  async run(argv) {
    const parsed = parseCommandArgs("worker", HELP, {
      args: argv,
      options: {
        config: { type: "string", short: "c" },
        "log-level": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    });
    if (typeof parsed === "number") return parsed;
    const { values } = parsed;
    const level = logLevelOption("worker", values["log-level"]);
    if (level === null) return 1;

    // A worker serves no hooks: the token is not needed.
    const loadOptions = {
      ...(values.config !== undefined && { file: values.config }),
      cwd: process.cwd(),
      requireToken: false,
    };
    const loaded = await loadForCommand(loadOptions);
    if (typeof loaded === "number") return loaded;
    const { config } = loaded;
    if (config.store.kind !== "postgres") {
      process.stderr.write(
        `hookgate worker: the store is SQLite (${config.store.path}), which one process serves alone: \`hookgate serve\` already runs its work, and a second process on the file would run it twice. To run work apart from the servers, use store.kind: postgres (docs/guides/scale-out.md, Running several instances)\n`,
      );
      return 1;
    }
    const log = createLogger(level ?? config.server.logLevel);
    const store = await openStore(config.store, { log });
    const runtime = createRuntime({ config, store, log });
    try {
      await runtime.start();
    } catch (err) {
      await runtime.stop().catch(() => {});
      throw err;
    }
    const reloadConfig = async () => {
      try {
        const { config: next } = await loadConfig(loadOptions);
        await runtime.reconfigure(next);
        if (level === undefined) log.level = next.server.logLevel;
        log.info("configuration reloaded");
      } catch (err) {
        const problems = err instanceof ConfigError ? err.issues.map(formatIssue) : [(err as Error).message];
        log.error({ problems }, "configuration not reloaded; the running one keeps working");
      }
    };
    // SIGHUP's default action ends the process; as for serve, it reloads instead.
    process.on("SIGHUP", () => void reloadConfig());
    process.stdout.write(
      `worker ready (store ${describeDatabase(config.store.url)}, schema ${config.store.schema})\n`,
    );
    return untilStopped(log, "stopping: letting runs in flight finish", () => runtime.stop());
  },
};
