import { createLogger } from "../log.js";
import { startServer } from "../server.js";
import { parseCommandArgs } from "./args.js";
import type { Command } from "./command.js";
import { LOG_LEVELS, loadForCommand, logLevelOption, untilStopped } from "./long-running.js";

const HELP = `Usage: hookgate serve [--config FILE] [--host HOST] [--port PORT] [--log-level LEVEL] [--no-worker]

Starts the webhook server and the runtime (agent runs, heartbeat, delivery).

  --config, -c FILE  config file (YAML or JSON). Default: ./hookgate.yaml, ./hookgate.yml or
                     ./hookgate.json (first found), else the built-in default (hooks on, mail
                     preset, echo agent, SQLite under .hookgate/).
  --host HOST        address to listen on (overrides server.host)
  --port PORT        port to listen on; 0 picks a free one (overrides server.port)
  --log-level LEVEL  ${LOG_LEVELS.join(" | ")} (overrides server.logLevel)
  --no-worker        ingress only: take requests and store them, run nothing here; instances of
                     \`hookgate worker\` on the same store do the work. Needs store.kind: postgres.

Prints "listening on http://HOST:PORT" when ready. SIGTERM or SIGINT stops accepting requests,
finishes the ones in flight, flushes the store and exits 0. Logs are JSON lines on stderr.`;

export const command: Command = {
  summary: "run the webhook server",
  async run(argv) {
    const parsed = parseCommandArgs("serve", HELP, {
      args: argv,
      options: {
        config: { type: "string", short: "c" },
        host: { type: "string" },
        port: { type: "string", short: "p" },
        "log-level": { type: "string" },
        "no-worker": { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
    });
    if (typeof parsed === "number") return parsed;
    const { values } = parsed;
    const port = values.port === undefined ? undefined : Number(values.port);
    if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port <= 65535)) {
      process.stderr.write(
        `hookgate serve: --port must be a whole number from 0 to 65535, got "${values.port}"\n`,
      );
      return 1;
    }
    const level = logLevelOption("serve", values["log-level"]);
    if (level === null) return 1;

    const loaded = await loadForCommand({
      ...(values.config !== undefined && { file: values.config }),
      generateToken: true,
    });
    if (typeof loaded === "number") return loaded;
    const { config, generatedToken } = loaded;
    const ingressOnly = values["no-worker"] === true;
    if (ingressOnly && config.store.kind !== "postgres") {
      process.stderr.write(
        "hookgate serve: --no-worker needs a store other processes can work from (store.kind: postgres); with SQLite no other process runs this one's work, so nothing accepted would ever run. Drop --no-worker, or see README, Running several instances\n",
      );
      return 1;
    }
    const log = createLogger(level ?? config.server.logLevel);

    const server = await startServer({
      config,
      log,
      ...(values.host !== undefined && { host: values.host }),
      ...(port !== undefined && { port }),
      ...(ingressOnly && { worker: false }),
    });
    process.stdout.write(`listening on ${server.url}\n`);
    if (ingressOnly) {
      process.stdout.write(
        "ingress only (--no-worker): runs, deliveries and heartbeats are left to hookgate worker\n",
      );
    }
    if (!config.hooks.enabled) {
      process.stdout.write("hooks are disabled (hooks.enabled is false): only GET /healthz answers\n");
    } else if (generatedToken) {
      process.stdout.write(
        [
          "",
          `A hook token was generated and saved (it is shown only this once): ${generatedToken}`,
          "Send it with every request, for example:",
          `  curl -X POST ${server.url}${config.hooks.path}/wake \\`,
          `    -H 'Authorization: Bearer ${generatedToken}' -H 'Content-Type: application/json' \\`,
          `    -d '{"text":"hello from curl"}'`,
          "Set HOOKGATE_TOKEN to choose your own token instead.",
          "",
        ].join("\n"),
      );
    }

    return untilStopped(log, "shutting down: finishing in-flight requests", () => server.close());
  },
};
