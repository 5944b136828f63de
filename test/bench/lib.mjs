// Shared pieces of the benchmarks: child servers, load runs, percentiles, rows.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { Database } from "../../dist/store/sqlite/driver.js";

export const root = fileURLToPath(new URL("../../", import.meta.url));
export const CLI = fileURLToPath(new URL("../../dist/cli.js", import.meta.url));

/**
 * Starts a server script as a child process (on this Node.js, else on `opts.node`) and resolves once
 * it prints its address.
 */
export function startChild(args, opts = {}) {
  const proc = spawn(opts.node ?? process.execPath, args, {
    cwd: opts.cwd,
    env: { ...process.env, ...opts.env },
    stdio: ["ignore", "pipe", "ignore"],
  });
  // A server is ready when it prints where it listens; a `hookgate worker`, when it says so.
  const ready = opts.ready ?? /listening on (http:\/\/\S+)/;
  return new Promise((resolve, reject) => {
    let out = "";
    proc.stdout.setEncoding("utf8").on("data", (d) => {
      out += d;
      const m = ready.exec(out);
      if (m) resolve({ proc, url: m[1], stop: () => stopChild(proc) });
    });
    proc.on("exit", (code) => reject(new Error(`server exited (${code}) before listening: ${out}`)));
  });
}

/** A server as startChild starts it, under valgrind's callgrind: one dump a thread, into `outFile`.N-NN. */
export function startUnderCallgrind(args, outFile) {
  const valgrind = ["--tool=callgrind", `--callgrind-out-file=${outFile}`, "--separate-threads=yes"];
  return startChild([...valgrind, process.execPath, ...args], { node: "valgrind" });
}

function stopChild(proc) {
  return new Promise((resolve) => {
    if (proc.exitCode !== null) return resolve();
    proc.once("exit", () => resolve());
    proc.kill("SIGTERM");
  });
}

/**
 * Resolves once a SQLite store file has no run queued or running, read by this process (a /metrics
 * scrape would add to the server's own work).
 */
export async function sqliteRunsDone(file) {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const open = db.prepare("SELECT count(*) AS n FROM runs WHERE status IN ('queued', 'running')");
    while (open.get().n > 0) await new Promise((resolve) => setTimeout(resolve, 200));
  } finally {
    db.close();
  }
}

/** How many runs of a SQLite store file have finished (succeeded or failed) so far. */
export function sqliteRunsFinished(file) {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare("SELECT count(*) AS n FROM runs WHERE status IN ('succeeded', 'failed')").get().n;
  } finally {
    db.close();
  }
}

/** Resident set size of a process, in bytes (Linux). */
export function rssOf(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return m ? Number(m[1]) * 1024 : Number.NaN;
}

/** User and system CPU time in a /proc stat file, in milliseconds each (Linux, 100 ticks a second). */
function cpuOfStat(stat) {
  const fields = readFileSync(stat, "utf8").split(") ")[1].split(" ");
  return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
}

/** CPU time (user + system) a process has used so far, in milliseconds. */
export function cpuMsOf(pid) {
  const { user, system } = cpuOfStat(`/proc/${pid}/stat`);
  return user + system;
}

/**
 * User and system CPU time of a process so far, in milliseconds each, and of its main thread alone
 * (the event loop: the other threads are libuv's pool, which syncs the WAL, and V8's).
 */
export function cpuSplitOf(pid) {
  return { ...cpuOfStat(`/proc/${pid}/stat`), main: cpuOfStat(`/proc/${pid}/task/${pid}/stat`) };
}

/**
 * Bytes a process has handed to write calls so far (sockets included) and the bytes of files it has
 * dirtied for the disk (Linux `/proc/PID/io`: `wchar`, `write_bytes`).
 */
export function writtenOf(pid) {
  const text = readFileSync(`/proc/${pid}/io`, "utf8");
  const field = (name) => Number(new RegExp(`^${name}: (\\d+)$`, "m").exec(text)?.[1] ?? Number.NaN);
  return { calls: field("wchar"), disk: field("write_bytes") };
}

/**
 * One autocannon run; `body(n)` builds the n-th request body so payloads differ, and `sign(text, n)`,
 * when given, the headers a signing sender adds for that body.
 */
export function load({ url, path, headers = {}, body, sign, connections = 50, duration, amount }) {
  let n = 0;
  const setupRequest = (req) => {
    const i = n++;
    const text = JSON.stringify(body(i));
    return sign
      ? { ...req, body: text, headers: { ...req.headers, ...sign(text, i) } }
      : { ...req, body: text };
  };
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: url + path,
        method: "POST",
        connections,
        ...(amount ? { amount } : { duration }),
        headers: { "content-type": "application/json", ...headers },
        requests: [{ setupRequest }],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    );
  });
}

export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export const round = (v, digits = 2) => Math.round(v * 10 ** digits) / 10 ** digits;
