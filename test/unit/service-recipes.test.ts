// The service recipes of docs/guides/operations.md are the files in rules/examples/service, word for word,
// and the configuration they start with loads cleanly with a token file that only its owner can read.
import { chmodSync, copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import semver from "semver";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";
import { compileRules } from "../../src/engine/compile.js";
import { tempDir } from "./config-helpers.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const service = join(root, "rules", "examples", "service");
const guide = readFileSync(join(root, "docs", "guides", "operations.md"), "utf8");

/** The fenced blocks of the guide in the given language. */
function blocks(lang: string): string[] {
  return [...guide.matchAll(new RegExp(`^\`\`\`${lang}\\n([\\s\\S]*?)^\`\`\`$`, "gm"))].map((m) => m[1]!);
}

describe("service recipes", () => {
  it("shows the systemd unit and the Dockerfile exactly as they are in rules/examples/service", () => {
    expect(blocks("ini")).toContain(readFileSync(join(service, "hookgate.service"), "utf8"));
    expect(blocks("dockerfile")).toContain(readFileSync(join(service, "Dockerfile"), "utf8"));
  });

  it("the image installs the package as npm install -g does outside a checkout, on Node.js 24", () => {
    const dockerfile = readFileSync(join(service, "Dockerfile"), "utf8");
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
      engines: { node: string };
      allowScripts: Record<string, boolean>;
    };
    const bases = [...dockerfile.matchAll(/^FROM node:(\d+)-slim\b/gm)].map((m) => m[1]);
    expect(bases).toEqual(["24", "24", "24"]);
    expect(semver.satisfies("24.0.0", pkg.engines.node)).toBe(true);
    expect(dockerfile).toContain("npm pack --pack-destination /tmp\n");
    // The install scripts it lets run are the ones the checkout's own install runs (allowScripts).
    const allowed = Object.keys(pkg.allowScripts).filter((name) => pkg.allowScripts[name]);
    expect(dockerfile).toContain(
      `RUN npm install -g --prefix /opt/hookgate --allow-scripts=${allowed.join(",")} /tmp/hookgate-*.tgz\n`,
    );
    expect(dockerfile).toContain('CMD ["hookgate", "serve", "--config", "/etc/hookgate/hookgate.yaml"]');
  });

  it("the unit reloads with SIGHUP, restarts on failure, runs as its own user with a state directory", () => {
    const unit = readFileSync(join(service, "hookgate.service"), "utf8");
    for (const line of [
      "User=hookgate",
      "ExecReload=/bin/kill -HUP $MAINPID",
      "Restart=on-failure",
      "StateDirectory=hookgate",
    ]) {
      expect(unit.split("\n")).toContain(line);
    }
  });

  it("the service configuration loads and compiles without warnings, its token read from a file", async () => {
    const dir = tempDir();
    copyFileSync(join(service, "hookgate.yaml"), join(dir, "hookgate.yaml"));
    mkdirSync(join(dir, "secrets"));
    writeFileSync(join(dir, "secrets", "hook_token"), "service-token-0123456789abcdefghij\n");
    chmodSync(join(dir, "secrets", "hook_token"), 0o600);
    const { config, warnings } = await loadConfig({ file: "hookgate.yaml", cwd: dir, env: {} });
    expect(warnings).toEqual([]);
    expect(config.hooks.token).toBe("service-token-0123456789abcdefghij");
    expect(config.server).toMatchObject({ host: "127.0.0.1", port: 18789 });
    expect(config.store).toEqual({ kind: "sqlite", path: "/var/lib/hookgate/state.db" });
    const compiled = await compileRules(config);
    expect(compiled.warnings).toEqual([]);
    compiled.dispose();
    // The image sets HOOKGATE_HOST so that the published port reaches the server.
    const inImage = await loadConfig({ file: "hookgate.yaml", cwd: dir, env: { HOOKGATE_HOST: "0.0.0.0" } });
    expect(inImage.config.server.host).toBe("0.0.0.0");
  });
});
