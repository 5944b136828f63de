// hookgate installed as a user installs it outside a checkout, by the recipe of
// docs/guides/installing.md: `npm pack` in the checkout, then `npm install -g` of the tarball (here
// into a temporary prefix). The installed `hookgate` command then lists its built-in packs, validates
// and tests the example configuration it ships, and serves, all from a folder outside the checkout.
// Installing takes dependencies from npm's cache where it can (--prefer-offline) and may compile
// better-sqlite3, so the limits are generous; nothing is timed.
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Child, listeningUrl, runProgram } from "../helpers/child.js";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  version: string;
  dependencies: Record<string, string>;
  allowScripts: Record<string, boolean>;
};
const { version } = pkg;
// The dependencies whose install scripts may run: those the checkout's own install lets run.
const ALLOW_SCRIPTS = `--allow-scripts=${Object.keys(pkg.allowScripts)
  .filter((name) => pkg.allowScripts[name])
  .join(",")}`;
const TOKEN = "packed-install-token-0123456789abcdef";
const INSTALL_LIMIT_MS = 20 * 60_000;

// The installed command starts with `#!/usr/bin/env node`: the Node.js running these tests comes first.
const ENV: NodeJS.ProcessEnv = {
  ...process.env,
  PATH: `${dirname(process.execPath)}${delimiter}${process.env.PATH ?? ""}`,
  HOOKGATE_TOKEN: TOKEN,
};

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

function run(file: string, args: string[], cwd: string): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(file, args, { cwd, env: ENV, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === "number" ? err.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

/** Fails with the command's output, so a broken install says what npm printed. */
function succeeded(r: Ran): Ran {
  if (r.code !== 0) throw new Error(`exit ${r.code}\n${r.stdout}\n${r.stderr}`);
  return r;
}

describe("hookgate packed with npm pack and installed with npm install -g", () => {
  let dir: string;
  let hookgate: string;
  let installed: string;
  let installOutput: string;
  let work: string;
  const children: Child[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "hookgate-packed-"));
    mkdirSync(join(dir, "pack"));
    // The recipe's `npm pack` also runs the prepare script, which builds dist/. The test setup has just
    // built it from the same sources, and other tests start dist/cli.js meanwhile: no second build.
    succeeded(await run("npm", ["pack", "--ignore-scripts", "--pack-destination", join(dir, "pack")], ROOT));
    const tarballs = readdirSync(join(dir, "pack")).filter((f) => f.endsWith(".tgz"));
    expect(tarballs).toEqual([`hookgate-${version}.tgz`]);
    const prefix = join(dir, "prefix");
    const install = succeeded(
      await run(
        "npm",
        [
          "install",
          "--global",
          "--prefix",
          prefix,
          "--prefer-offline",
          "--no-audit",
          "--no-fund",
          ALLOW_SCRIPTS,
          join(dir, "pack", tarballs[0]!),
        ],
        dir,
      ),
    );
    installOutput = install.stdout + install.stderr;
    hookgate = join(prefix, "bin", "hookgate");
    installed = join(prefix, "lib", "node_modules", "hookgate");
    // A folder of the user's own, far from the checkout: the example configuration the package ships.
    work = join(dir, "work");
    cpSync(join(installed, "rules", "examples"), work, { recursive: true });
  }, INSTALL_LIMIT_MS);

  afterAll(() => {
    for (const c of children) if (c.proc.exitCode === null) c.proc.kill("SIGKILL");
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it("is the recipe the installing guide gives", () => {
    const guide = readFileSync(join(ROOT, "docs", "guides", "installing.md"), "utf8");
    expect(guide).toContain("\nnpm pack ");
    expect(guide).toContain(`\nnpm install -g ${ALLOW_SCRIPTS} ./hookgate-*.tgz\n`);
  });

  it("installs without an engine warning, but for the Node.js 22+ SQLite driver on Node.js 20", () => {
    const warned = [...installOutput.matchAll(/EBADENGINE\s+package: '([^']+)'/g)].map((m) => m[1]);
    const napi = pkg.dependencies["better-sqlite3-napi"]!.replace(/^npm:/, "");
    expect(warned).toEqual(Number(process.versions.node.split(".")[0]) >= 22 ? [] : [napi]);
  });

  it("answers --version", async () => {
    const r = succeeded(await run(hookgate, ["--version"], work));
    expect(r.stdout.trim()).toContain(version);
  });

  it("lists the built-in packs", async () => {
    const r = succeeded(await run(hookgate, ["packs"], work));
    for (const pack of ["github", "stripe", "mail", "alertmanager"]) {
      expect(r.stdout).toMatch(new RegExp(`^${pack} .* built-in `, "m"));
    }
  });

  it("validates the example configuration, its rule files, transforms and agents", async () => {
    const r = succeeded(await run(hookgate, ["validate", "--config", "hookgate.example.yaml"], work));
    expect(r.stdout).toMatch(
      /hookgate\.example\.yaml: valid — \d+ mappings \(\d+ from pack mail\), 3 rule files, presets: mail/,
    );
  });

  it("runs the example's test cases, transforms included", async () => {
    const r = succeeded(await run(hookgate, ["test", "--config", "hookgate.example.yaml"], work));
    expect(r.stdout).toContain("PASS stripe.yaml: a failed invoice payment starts an on-call run named");
    expect(r.stdout).toContain("PASS pack mail:");
    expect(r.stdout).toMatch(/\d+ cases: \d+ passed, 0 failed/);
  });

  it("serves: /healthz, a hook stored in SQLite, the console, and a clean stop", async () => {
    const serveDir = join(dir, "serve");
    mkdirSync(serveDir);
    writeFileSync(
      join(serveDir, "hookgate.yaml"),
      [
        "server: { host: 127.0.0.1, port: 0 }",
        "hooks:",
        "  enabled: true",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: ${ENV} is the config file's syntax.
        "  token: ${HOOKGATE_TOKEN}",
        "  presets: [github]",
        "  packs: { github: { secret: github-webhook-secret } }",
        "agents: { list: [{ id: main, default: true, runner: { kind: echo } }] }",
        'heartbeat: { every: "0" }',
        "store: { path: state.db }",
        "",
      ].join("\n"),
    );
    const child = runProgram(hookgate, ["serve", "--config", "hookgate.yaml"], { cwd: serveDir, env: ENV });
    children.push(child);
    const url = await listeningUrl(child);
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const wake = await fetch(`${url}/hooks/wake`, {
      method: "POST",
      headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ text: "hello from the installed hookgate" }),
    });
    expect(wake.status).toBe(200);
    const login = await fetch(`${url}/console/login`);
    expect(login.status).toBe(200);
    expect(await login.text()).toContain("Hook token");
    child.proc.kill("SIGTERM");
    expect(await child.exited).toBe(0);
    const events = succeeded(await run(hookgate, ["events", "--config", "hookgate.yaml"], serveDir));
    expect(events.stdout).toContain("hello from the installed hookgate");
  }, 120_000);
});
