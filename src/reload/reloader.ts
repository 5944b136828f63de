// Reload in place: load and compile the config again completely aside from the generation serving;
// when anything is wrong, log every problem (file:line:column, as `hookgate validate` prints them)
// and keep serving; when all is well, swap the new generation in between requests and hand the new
// config to what outlives generations. Reloads run one at a time: asking during one gets one more
// after it, shared by everyone who asked meanwhile, so it sees every edit made up to then.
import type { Logger } from "pino";
import { ConfigError, formatIssue } from "../config/errors.js";
import type { ConfigIssue } from "../config/issues.js";
import { type LoadedConfig, sortIssues } from "../config/load.js";
import type { ResolvedConfig } from "../config/types.js";
import { compileIssues, placeIssues } from "../engine/compile-issues.js";
import type { Generation } from "../http/generation.js";
import type { Generations } from "../http/generations.js";
import { keepRunningValues, type RestartOnlyChange } from "./restart-only.js";

export interface ReloaderOptions {
  /** Reads the config again the way the server first read it (same file, environment, options). */
  load(): Promise<LoadedConfig>;
  generations: Generations;
  /** The generation factory (src/http/generation.ts), with what the generations share bound in. */
  build(config: ResolvedConfig, number: number): Promise<Generation>;
  /** Hands a swapped-in config to what outlives generations (runtime, lockout limits, log level). */
  apply(config: ResolvedConfig): Promise<void>;
  log: Logger;
  /** Restart-only keys set on the command line: their value in the file does not matter. */
  overridden?: readonly string[];
  /** Keys that need a restart on this server besides the usual ones. */
  alsoRestartOnly?: readonly string[];
}

export interface ReloadOutcome {
  /** Counts the attempts since the start, failed ones too (as /healthz's lastReload.attempt). */
  attempt: number;
  ok: boolean;
  /** The generation serving after the attempt. */
  generation: number;
  /** What stopped a failed reload, placed in its files. */
  errors: ConfigIssue[];
  warnings: ConfigIssue[];
  /** Restart-only settings the file changed; the running values stay. */
  needsRestart: RestartOnlyChange[];
}

export interface Reloader {
  /** Never rejects: a failure is an outcome. */
  reload(reason: string): Promise<ReloadOutcome>;
  /** Refuses new reloads; resolves once the one in progress is done. */
  stop(): Promise<void>;
}

export function createReloader(opts: ReloaderOptions): Reloader {
  const { generations, log } = opts;
  let attempts = 0;
  let running: Promise<ReloadOutcome> | null = null;
  let queued: Promise<ReloadOutcome> | null = null;
  let stopped = false;

  const start = (reason: string): Promise<ReloadOutcome> => {
    const attempt = ++attempts;
    if (stopped) return Promise.resolve(refuse(attempt, [stopping()], []));
    const current = attemptReload(attempt, reason).catch((err: unknown) =>
      refuse(attempt, [unexpected(err)], []),
    );
    running = current.finally(() => {
      if (running === current) running = null;
    });
    return current;
  };

  async function attemptReload(attempt: number, reason: string): Promise<ReloadOutcome> {
    const serving = generations.current;
    log.info({ reload: attempt, reason, generation: serving.number }, "reloading the configuration");
    let loaded: LoadedConfig;
    try {
      loaded = await opts.load();
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      // As validate does: the rules that could still be read are compiled too, for every error at once.
      const more = err.rules ? (await compileIssues(err.rules)).errors : [];
      const issues = [...err.issues, ...more];
      return refuse(attempt, errorsOf(issues), warningsOf(issues));
    }
    const kept = keepRunningValues(loaded.config, serving.config, opts.overridden, opts.alsoRestartOnly);
    let next: Generation;
    try {
      next = await opts.build(kept.config, serving.number + 1);
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      const placed = placeIssues(err.issues, loaded.placeIssue);
      return refuse(
        attempt,
        sortIssues(placed.errors, loaded.source),
        sortIssues([...loaded.warnings, ...placed.warnings], loaded.source),
      );
    }
    if (stopped) {
      next.dispose();
      return refuse(attempt, [stopping()], []);
    }
    const warnings = sortIssues(
      [...loaded.warnings, ...placeIssues(next.warnings, loaded.placeIssue).warnings],
      loaded.source,
    );
    generations.swap(next);
    generations.recordReload(
      { attempt, at: new Date(), ok: true, errors: 0 },
      kept.changed.map((c) => c.key),
    );
    try {
      await opts.apply(next.config);
    } catch (err) {
      log.error({ err, reload: attempt }, "applying the reloaded config to the runtime failed");
    }
    for (const w of warnings) log.warn({ reload: attempt }, formatIssue(w));
    for (const c of kept.changed) {
      log.warn(
        { reload: attempt, key: c.key },
        `${c.key} changed in the config${c.values ? ` (${c.values})` : ""} but needs a restart to take effect; the running value stays`,
      );
    }
    log.info(
      { reload: attempt, reason, generation: next.number },
      `configuration reloaded: generation ${next.number} serves new requests`,
    );
    return { attempt, ok: true, generation: next.number, errors: [], warnings, needsRestart: kept.changed };
  }

  function refuse(attempt: number, errors: ConfigIssue[], warnings: ConfigIssue[]): ReloadOutcome {
    const serving = generations.current.number;
    for (const e of errors) log.error({ reload: attempt }, formatIssue(e));
    for (const w of warnings) log.warn({ reload: attempt }, formatIssue(w));
    log.error(
      { reload: attempt, errors: errors.length, generation: serving },
      `configuration reload failed with ${errors.length} error${errors.length === 1 ? "" : "s"}; generation ${serving} keeps serving`,
    );
    generations.recordReload({ attempt, at: new Date(), ok: false, errors: errors.length });
    return { attempt, ok: false, generation: serving, errors, warnings, needsRestart: [] };
  }

  return {
    reload(reason) {
      if (stopped || !running) return start(reason);
      queued ??= running.then(() => {
        queued = null;
        return start(reason);
      });
      return queued;
    },
    async stop() {
      stopped = true;
      await queued;
      await running;
    },
  };
}

const errorsOf = (issues: ConfigIssue[]) => issues.filter((i) => i.severity === "error");
const warningsOf = (issues: ConfigIssue[]) => issues.filter((i) => i.severity !== "error");

function unexpected(err: unknown): ConfigIssue {
  return { severity: "error", path: "", message: `reload failed: ${(err as Error)?.message ?? String(err)}` };
}

function stopping(): ConfigIssue {
  return { severity: "error", path: "", message: "the server is stopping" };
}
