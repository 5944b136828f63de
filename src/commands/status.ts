// `hookgate status`: one screen of health, read from the store and the serving process's files —
// whether a server runs and its configuration generation, the last reload, the store, the queue and
// how old its oldest run is, held runs, open issues.

import { statSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { formatDuration, formatTime } from "../core/time-text.js";
import {
  pidFileBeside,
  readPid,
  readReloadStatus,
  reloadStatusFile,
  serverProcess,
} from "../reload/pid-file.js";
import type { Backlog, IssueRecord, Pause, QueueStats } from "../store/types.js";
import { openStoreOption, parseCommandArgs } from "./args.js";
import type { Command } from "./command.js";
import { pauseText } from "./pause-target.js";
import { escapeControls } from "./terminal-text.js";

const help = `Usage: hookgate status [--config FILE | --store FILE|URL] [--pid-file FILE] [--json]

One screen of health: whether a server runs (its pid file) with its configuration generation and
last reload, the store, the queue (runs queued and running, the age of the oldest queued run,
deliveries and main-session events pending), runs held by flow control, the pauses in force
(hookgate pause), and the open issues.
Reads the store and the server's files only, so it works beside a running server.

  --config, -c FILE   config file whose store to read (default: ./hookgate.yaml, ... as for serve);
                      only its store section is read, so no token or secret needs to be set
  --store FILE|URL    read this SQLite file instead, or this PostgreSQL database
                      (postgres://USER@HOST/DB; add ?schema=NAME for a schema other than hookgate)
  --pid-file FILE     the pid file serve was started with (default: hookgate.pid beside a SQLite
                      store; a PostgreSQL store has none unless serve was given one)
  --json              one JSON object instead of text
  --help, -h          show this help

Exit status: 0 when the store answers, 1 when it cannot be read.`;

interface Status {
  server:
    | { running: true; pid: number; generation?: number; lastReload?: LastReload }
    | { running: false; why: string };
  store: string;
  queue: QueueStats & { oldestQueuedAgeMs?: number };
  held: { runs: number; oldestAgeMs?: number };
  /** The pauses in force (hookgate pause). */
  paused: Pause[];
  issues: {
    open: number;
    byKind: Record<string, number>;
    newest?: Pick<IssueRecord, "id" | "kind" | "subject" | "code">;
  };
}

interface LastReload {
  at?: number;
  ok: boolean;
  errors: number;
  needsRestart: string[];
}

export const command: Command = {
  summary: "one screen of health: server, store, queue, held runs, open issues (works while serving)",
  async run(argv) {
    const args = parseCommandArgs("status", help, {
      args: argv,
      options: {
        config: { type: "string", short: "c" },
        store: { type: "string" },
        "pid-file": { type: "string" },
        json: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    });
    if (typeof args === "number") return args;
    const { values } = args;
    const opened = await openStoreOption("status", values);
    if (typeof opened === "number") return opened;
    if ("missing" in opened) {
      process.stderr.write(
        `hookgate status: no store at ${opened.missing} yet — start hookgate serve first\n`,
      );
      return 1;
    }
    try {
      const now = Date.now();
      const [queue, backlog, open, paused] = await Promise.all([
        opened.store.queueStats(),
        opened.store.backlog(),
        opened.store.listIssues({ limit: 10_000, status: "open" }),
        opened.store.listPauses(now),
      ]);
      const pidFile =
        values["pid-file"] !== undefined
          ? resolve(values["pid-file"])
          : isAbsolute(opened.path)
            ? pidFileBeside(opened.path)
            : undefined;
      const status: Status = {
        server: serverOf(pidFile),
        store: opened.path,
        queue: { ...queue, ...ageOf("oldestQueuedAgeMs", backlog.oldestQueuedAt, now) },
        held: heldOf(backlog, now),
        paused,
        issues: issuesOf(open),
      };
      process.stdout.write(`${values.json ? JSON.stringify(status, null, 2) : statusText(status)}\n`);
      return 0;
    } catch (err) {
      process.stderr.write(`hookgate status: the store cannot be read: ${(err as Error).message}\n`);
      return 1;
    } finally {
      await opened.store.close();
    }
  },
};

function ageOf<K extends string>(key: K, at: number | undefined, now: number): { [k in K]?: number } {
  return (at === undefined ? {} : { [key]: Math.max(0, now - at) }) as { [k in K]?: number };
}

function heldOf(b: Backlog, now: number): Status["held"] {
  return { runs: b.runsHeld, ...ageOf("oldestAgeMs", b.oldestHeldAt, now) };
}

function issuesOf(open: IssueRecord[]): Status["issues"] {
  const byKind: Record<string, number> = {};
  for (const i of open) byKind[i.kind] = (byKind[i.kind] ?? 0) + 1;
  const newest = open[0];
  return {
    open: open.length,
    byKind,
    ...(newest && {
      newest: { id: newest.id, kind: newest.kind, subject: newest.subject, code: newest.code },
    }),
  };
}

function serverOf(pidFile: string | undefined): Status["server"] {
  if (pidFile === undefined) return { running: false, why: "no pid file known (pass --pid-file)" };
  const pid = readPid(pidFile);
  if (pid === undefined) return { running: false, why: `no pid file at ${pidFile}` };
  const state = serverProcess(pid);
  if (state === "gone" || state === "other")
    return { running: false, why: `process ${pid} of ${pidFile} has ended` };
  const reload = readReloadStatus(pidFile);
  let at: number | undefined;
  try {
    at = statSync(reloadStatusFile(pidFile)).mtimeMs;
  } catch {
    at = undefined;
  }
  return {
    running: true,
    pid,
    ...(reload && {
      generation: reload.generation,
      lastReload: {
        ...(reload.attempt > 0 && at !== undefined && { at: Math.round(at) }),
        ok: reload.ok,
        errors: reload.errors.length,
        needsRestart: reload.needsRestart,
      },
    }),
  };
}

function statusText(s: Status): string {
  const lines: Array<[string, string]> = [];
  if (s.server.running) {
    const r = s.server.lastReload;
    const reload =
      r === undefined || r.at === undefined
        ? "no reload since start"
        : `last reload ${formatTime(r.at)} ${r.ok ? "applied" : `failed (${r.errors} error${r.errors === 1 ? "" : "s"}; hookgate reload shows them)`}${r.needsRestart.length > 0 ? `; restart to apply ${r.needsRestart.join(", ")}` : ""}`;
    lines.push([
      "server",
      `running, pid ${s.server.pid}${s.server.generation !== undefined ? `, configuration generation ${s.server.generation}` : ""}`,
    ]);
    lines.push(["reload", reload]);
  } else {
    lines.push(["server", `not seen running: ${s.server.why}`]);
  }
  lines.push(["store", s.store]);
  const q = s.queue;
  const oldest =
    q.oldestQueuedAgeMs !== undefined ? ` (oldest waiting ${formatDuration(q.oldestQueuedAgeMs)})` : "";
  lines.push(["runs", `${q.runsQueued} queued${oldest}, ${q.runsRunning} running`]);
  lines.push([
    "held",
    s.held.runs === 0
      ? "none"
      : `${s.held.runs} run${s.held.runs === 1 ? "" : "s"} held by flow control (oldest ${formatDuration(s.held.oldestAgeMs)})${q.runsPaused > 0 ? `, ${q.runsPaused} by pauses` : ""}`,
  ]);
  lines.push([
    "paused",
    s.paused.length === 0
      ? "none"
      : `${s.paused.map((p) => pauseText(p)).join("; ")}: hookgate resume TARGET`,
  ]);
  lines.push(["pending", `${q.deliveriesPending} deliveries, ${q.eventsPending} main-session events`]);
  const kinds = Object.entries(s.issues.byKind)
    .map(([k, n]) => `${n} ${k}`)
    .join(", ");
  lines.push([
    "issues",
    s.issues.open === 0 ? "none open" : `${s.issues.open} open (${kinds}): hookgate issues`,
  ]);
  return lines.map(([k, v]) => `${k.padEnd(8)} ${escapeControls(v)}`).join("\n");
}
