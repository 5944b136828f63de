// The pid file `hookgate reload` finds a running server by: the process id and a newline, nothing
// else, so `kill -HUP $(cat FILE)` works too. By default it sits next to the SQLite state, a folder
// the server can always write to. Beside it the server keeps the outcome of its last reload, for
// `hookgate reload` to print (readable by the server's user only: it lists the config's problems).
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import type { Logger } from "pino";
import { formatIssue } from "../config/errors.js";
import type { ResolvedConfig } from "../config/types.js";
import type { ReloadOutcome } from "./reloader.js";

const PID_FILE_NAME = "hookgate.pid";

/** `<folder of store.path>/hookgate.pid`; undefined for a store without a folder. */
export function defaultPidFile(config: ResolvedConfig): string | undefined {
  const store = config.store as { kind: string; path?: string };
  return store.kind === "sqlite" && store.path ? pidFileBeside(store.path) : undefined;
}

/** The pid file next to a SQLite store file. */
export function pidFileBeside(storeFile: string): string | undefined {
  return storeFile === ":memory:" ? undefined : join(dirname(storeFile), PID_FILE_NAME);
}

/** Written whole or not at all (a reader never sees half a number). */
function writePidFile(file: string, pid = process.pid): void {
  writeWhole(file, `${pid}\n`, 0o644);
}

/** What `hookgate reload` prints of a reload: the server writes it after every attempt. */
export interface ReloadStatus {
  attempt: number;
  ok: boolean;
  /** The generation serving after the attempt. */
  generation: number;
  /** file:line:column: key: message, as hookgate validate prints them. */
  errors: string[];
  warnings: string[];
  needsRestart: string[];
}

/** `hookgate.pid` → `hookgate.reload.json` in the same folder. */
export function reloadStatusFile(pidFile: string): string {
  return join(dirname(pidFile), `${basename(pidFile).replace(/\.pid$/, "")}.reload.json`);
}

function writeReloadStatus(pidFile: string, status: ReloadStatus): void {
  writeWhole(reloadStatusFile(pidFile), `${JSON.stringify(status, null, 2)}\n`, 0o600);
}

export function readReloadStatus(pidFile: string): ReloadStatus | undefined {
  try {
    return JSON.parse(readFileSync(reloadStatusFile(pidFile), "utf8")) as ReloadStatus;
  } catch {
    return undefined;
  }
}

/**
 * What a serving process keeps for `hookgate reload`: the pid file, and the outcome of its last reload
 * (attempt 0 at start, so an outcome left by an earlier server is never taken for a new one).
 * Failing to write either is logged, not fatal: SIGHUP works without them.
 */
export function serverFiles(
  pidFile: string,
  log: Logger,
): {
  recordReload(outcome: ReloadOutcome): void;
  remove(): void;
} {
  const record = (status: ReloadStatus) => {
    try {
      writeReloadStatus(pidFile, status);
    } catch (err) {
      log.warn({ pidFile, err: (err as Error).message }, "could not record the reload's outcome");
    }
  };
  record({ attempt: 0, ok: true, generation: 1, errors: [], warnings: [], needsRestart: [] });
  try {
    writePidFile(pidFile);
  } catch (err) {
    log.warn({ pidFile, err: (err as Error).message }, "could not write the pid file");
  }
  return {
    recordReload: (outcome) =>
      record({
        attempt: outcome.attempt,
        ok: outcome.ok,
        generation: outcome.generation,
        errors: outcome.errors.map(formatIssue),
        warnings: outcome.warnings.map(formatIssue),
        needsRestart: outcome.needsRestart.map((c) => (c.values ? `${c.key} (${c.values})` : c.key)),
      }),
    remove: () => removePidFile(pidFile),
  };
}

function writeWhole(file: string, text: string, mode: number): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text, { mode });
  renameSync(tmp, file);
}

/** Removes the file if it still names `pid` (a newer server may have taken it over). */
function removePidFile(file: string, pid = process.pid): void {
  if (readPid(file) !== pid) return;
  rmSync(file, { force: true });
  rmSync(reloadStatusFile(file), { force: true });
}

/** The pid in the file, or undefined when there is no file or no pid in it. */
export function readPid(file: string): number | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
  const m = /^\s*(\d+)\s*$/.exec(text);
  const pid = m ? Number(m[1]) : Number.NaN;
  return Number.isSafeInteger(pid) && pid > 1 ? pid : undefined;
}

/**
 * Whether `pid` is a running `hookgate serve`: alive, and (where /proc tells) started with `serve`.
 * A pid file left by a crash may name a process that reused the number; SIGHUP would end most of them.
 */
export function serverProcess(pid: number): "running" | "gone" | "other" | "not-allowed" {
  try {
    process.kill(pid, 0);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "EPERM") return cmdlineSaysServe(pid) === false ? "other" : "not-allowed";
    return "gone";
  }
  return cmdlineSaysServe(pid) === false ? "other" : "running";
}

/** undefined where /proc is not available. */
function cmdlineSaysServe(pid: number): boolean | undefined {
  let args: string[];
  try {
    args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
  } catch {
    return undefined;
  }
  return args.includes("serve");
}

/**
 * The names of the variables in `pid`'s environment (its values are never kept); undefined where
 * /proc does not tell or the process is another user's.
 */
export function environmentNames(pid: number): Set<string> | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/environ`, "latin1");
  } catch {
    return undefined;
  }
  return new Set(
    text.split("\0").flatMap((entry) => (entry.includes("=") ? [entry.slice(0, entry.indexOf("="))] : [])),
  );
}
