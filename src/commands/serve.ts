import { resolve } from "node:path";
import { ConfigError, formatIssue } from "../config/errors.js";
import { type LoadConfigOptions, loadConfig } from "../config/load.js";
import type { LogLevel } from "../config/types.js";
import { createLogger } from "../log.js";
import { defaultPidFile, serverFiles } from "../reload/pid-file.js";
import { type ConfigWatcher, watchConfig, watchTargets } from "../reload/watch.js";
import { startServer } from "../server.js";
import { parseCommandArgs } from "./args.js";
import type { Command } from "./command.js";
import { untilStopped } from "./long-running.js";
import { portTakenMessage } from "./port-taken.js";

const HELP = `Usage: hookgate serve [--config FILE] [--host HOST] [--port PORT] [--log-level LEVEL]
                      [--watch] [--pid-file FILE] [--no-worker]

Starts the webhook server and the runtime (agent runs, heartbeat, delivery).

  --config, -c FILE  config file (YAML or JSON, or an OpenClaw openclaw.json, read as it is: its
                     hooks and agents; other sections noted and left out). Default: ./hookgate.yaml,
                     ./hookgate.yml or ./hookgate.json (first found), else the built-in default (hooks
                     on, mail pack, echo agent, SQLite under .hookgate/).
  --host HOST        address to listen on (overrides server.host)
  --port PORT        port to listen on; 0 picks a free one (overrides server.port)
  --log-level LEVEL  fatal | error | warn | info | debug | trace | silent (overrides server.logLevel)
  --watch            reload when the config file, a rule file, a pack or a transform changes
                     (for authoring; off by default)
  --pid-file FILE    where to write the process id (default: hookgate.pid next to the SQLite state
                     file); hookgate reload reads it
  --no-worker        ingress only: take requests and store them, run nothing here; instances of
                     \`hookgate worker\` on the same store do the work. Needs store.kind: postgres.

Prints "listening on http://HOST:PORT" when ready. SIGTERM or SIGINT stops accepting requests,
finishes the ones in flight, flushes the store and exits 0. Logs are JSON lines on stderr.

SIGHUP (or hookgate reload) reloads the config in place: it is loaded and compiled aside, and swapped
in between requests when valid; when not, every problem is logged and the running config keeps
serving. server.host, server.port, server.trustProxy, hooks.enabled, hooks.path, store and
agents.defaults.maxConcurrentRuns need a restart; a reload keeps their running values and says so.
GET /healthz shows the config generation serving and the outcome of the last reload.`;

const LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

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
        watch: { type: "boolean" },
        "pid-file": { type: "string" },
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
    const level = values["log-level"];
    if (level !== undefined && !LEVELS.includes(level)) {
      process.stderr.write(
        `hookgate serve: --log-level must be one of ${LEVELS.join(", ")}, got "${level}"\n`,
      );
      return 1;
    }

    // SIGHUP's default action ends the process: from here on it asks for a reload instead (one asked
    // for while starting runs once the server is up).
    let stopping = false;
    let reload: (() => void) | undefined;
    let hungUpEarly = false;
    const onHangUp = () => {
      if (reload) reload();
      else hungUpEarly = true;
    };
    process.on("SIGHUP", onHangUp);

    // Reloads read the config exactly as the start did.
    const loadOptions: LoadConfigOptions = {
      ...(values.config !== undefined && { file: values.config }),
      cwd: process.cwd(),
      generateToken: true,
    };
    let loaded: Awaited<ReturnType<typeof loadConfig>>;
    try {
      loaded = await loadConfig(loadOptions);
    } catch (err) {
      if (err instanceof ConfigError) {
        for (const issue of err.issues) process.stderr.write(`${formatIssue(issue)}\n`);
        return 1;
      }
      throw err;
    }
    const { config, warnings, generatedToken } = loaded;
    for (const w of warnings) process.stderr.write(`${formatIssue(w)}\n`);
    const ingressOnly = values["no-worker"] === true;
    if (ingressOnly && config.store.kind !== "postgres") {
      process.stderr.write(
        "hookgate serve: --no-worker needs a store other processes can work from (store.kind: postgres); with SQLite no other process runs this one's work, so nothing accepted would ever run. Drop --no-worker, or see docs/guides/scale-out.md, Running several instances\n",
      );
      return 1;
    }
    const log = createLogger((level as LogLevel | undefined) ?? config.server.logLevel);

    const pidFile = values["pid-file"] !== undefined ? resolve(values["pid-file"]) : defaultPidFile(config);
    let server: Awaited<ReturnType<typeof startServer>>;
    try {
      server = await startServer({
        config,
        log,
        ...(values.host !== undefined && { host: values.host }),
        ...(port !== undefined && { port }),
        // A reload never generates a token: one printed to nobody would lock every sender out.
        loadConfig: () => loadConfig({ ...loadOptions, generateToken: false }),
        fixedLogLevel: level !== undefined,
        ...(ingressOnly && { worker: false }),
      });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EADDRINUSE") throw err;
      const host = values.host ?? config.server.host;
      const message = await portTakenMessage(host, port ?? config.server.port, pidFile);
      process.stderr.write(`hookgate serve: ${message}\n`);
      return 1;
    }
    const files = pidFile ? serverFiles(pidFile, log) : undefined;
    const reloadNow = (reason: string) =>
      server.reload(reason).then((outcome) => files?.recordReload(outcome));
    reload = () => {
      if (!stopping) void reloadNow("SIGHUP");
    };
    if (hungUpEarly) reload();
    let watcher: ConfigWatcher | undefined;
    if (values.watch) {
      const targets = () => watchTargets(server.generations.current.config);
      watcher = watchConfig({
        targets: targets(),
        log,
        onChange: (files) => {
          void reloadNow(`changed: ${files.join(", ")}`).then(() => watcher?.refresh(targets()));
        },
      });
      log.info("watching the config, rule files, packs and transforms for changes");
    }
    // One write: whoever waits for the address reads what comes with it in the same chunk.
    let ready = `listening on ${server.url}\n`;
    if (ingressOnly) {
      ready += "ingress only (--no-worker): runs, deliveries and heartbeats are left to hookgate worker\n";
    }
    if (!config.hooks.enabled) {
      ready += "hooks are disabled (hooks.enabled is false): only GET /healthz answers\n";
    } else if (generatedToken) {
      ready += [
        "",
        `A hook token was generated and saved (it is shown only this once): ${generatedToken}`,
        "Send it with every request, for example:",
        `  curl -X POST ${server.url}${config.hooks.path}/wake \\`,
        `    -H 'Authorization: Bearer ${generatedToken}' -H 'Content-Type: application/json' \\`,
        `    -d '{"text":"hello from curl"}'`,
        "Set HOOKGATE_TOKEN to choose your own token instead.",
        "",
      ].join("\n");
    }
    process.stdout.write(ready);

    return untilStopped(log, "shutting down: finishing in-flight requests", async () => {
      stopping = true;
      watcher?.close();
      files?.remove();
      await server.close();
    });
  },
};
