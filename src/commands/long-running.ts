// Pieces of the long-running commands: running until SIGTERM or SIGINT (serve, worker), loading the
// config with its problems printed and the log level option (worker; serve loads its config its own
// way, for reloads).
import type { Logger } from "pino";
import { ConfigError, formatIssue } from "../config/errors.js";
import { type LoadConfigOptions, loadConfig } from "../config/load.js";
import type { LogLevel } from "../config/types.js";

export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"];

/** The loaded config with its warnings printed, or the exit code 1 after printing its errors. */
export async function loadForCommand(
  opts: LoadConfigOptions,
): Promise<Awaited<ReturnType<typeof loadConfig>> | number> {
  let loaded: Awaited<ReturnType<typeof loadConfig>>;
  try {
    loaded = await loadConfig(opts);
  } catch (err) {
    if (err instanceof ConfigError) {
      for (const issue of err.issues) process.stderr.write(`${formatIssue(issue)}\n`);
      return 1;
    }
    throw err;
  }
  for (const w of loaded.warnings) process.stderr.write(`${formatIssue(w)}\n`);
  return loaded;
}

/** --log-level: the level, or null after printing why the value is not one. */
export function logLevelOption(command: string, level: string | undefined): LogLevel | undefined | null {
  if (level === undefined || LOG_LEVELS.includes(level)) return level as LogLevel | undefined;
  process.stderr.write(
    `hookgate ${command}: --log-level must be one of ${LOG_LEVELS.join(", ")}, got "${level}"\n`,
  );
  return null;
}

/**
 * Resolves with the exit status once SIGTERM or SIGINT stopped the command: `stop` finishes what is
 * in flight (0), or fails (1). A second signal exits at once.
 */
export function untilStopped(log: Logger, stopping: string, stop: () => Promise<void>): Promise<number> {
  return new Promise<number>((resolve) => {
    let stopped = false;
    const onSignal = (signal: string) => {
      if (stopped) {
        process.stderr.write(`hookgate: second ${signal}, exiting now\n`);
        process.exit(1);
      }
      stopped = true;
      log.info({ signal }, stopping);
      stop().then(
        () => {
          log.flush();
          resolve(0);
        },
        (err: unknown) => {
          log.error({ err }, "shutdown failed");
          log.flush();
          resolve(1);
        },
      );
    };
    process.once("SIGTERM", () => onSignal("SIGTERM"));
    process.once("SIGINT", () => onSignal("SIGINT"));
  });
}
