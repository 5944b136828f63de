// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${param:NAME} and ${ENV} in plain strings are the pack syntax under test.
// `hookgate packs` and `hookgate packs show NAME`: what a user reads about the packs a config can
// enable, with secrets never printed.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { command } from "../../src/commands/packs.js";
import { command as validate } from "../../src/commands/validate.js";
import { runCommand } from "./command-helpers.js";
import { TOKEN, tempDir, writeFiles } from "./config-helpers.js";

const PACK = `id: acme
version: 2.0.1
description: Orders from Acme. Refunds too.
aliases: [acme-shop]
docs: [https://example.com/acme/webhooks]
params:
  secret: { type: string, secret: true, required: true, default: "\${ACME_SECRET}", description: Signing secret. }
  fallback: { type: string, secret: true, default: "literal-default-secret" }
  events: { type: array, items: { type: string }, default: [order.created], description: Event types that start runs. }
verify: { scheme: hmac, header: x-acme-signature, secret: "\${param:secret}" }
mappings:
  - id: acme-order
    match: { path: acme, when: { in: [ { var: payload.type }, "\${param:events}" ] } }
    messageTemplate: "Order {{order.id}}"
  - id: acme-rest
    match: { path: acme }
    action: wake
    textTemplate: other
`;

function setup(presets: string): string {
  const dir = tempDir();
  writeFiles(dir, {
    "packs/acme.yaml": PACK,
    "hookgate.yaml": [
      "hooks:",
      "  enabled: true",
      `  token: ${TOKEN}`,
      "  packDirs: [./packs]",
      `  presets: ${presets}`,
      "  packs:",
      "    acme: { secret: hush-hush-value, events: [order.paid] }",
      "",
    ].join("\n"),
  });
  return join(dir, "hookgate.yaml");
}

describe("hookgate packs", () => {
  it("lists folder and built-in packs with version, aliases and whether they are enabled", async () => {
    const config = setup("[acme]");
    const { code, stdout } = await runCommand(command, ["--config", config]);
    expect(code).toBe(0);
    const lines = stdout.trim().split("\n");
    expect(lines[0]).toMatch(/^ID\s+VERSION\s+ALIASES\s+ENABLED\s+FROM\s+DESCRIPTION$/);
    expect(lines[1]).toMatch(
      /^acme\s+2\.0\.1\s+acme-shop\s+yes\s+\S*packs\/acme\.yaml\s+Orders from Acme\.$/,
    );
    // Built-in packs follow the folder's, by file name.
    expect(lines.find((l) => l.startsWith("mail "))).toMatch(
      /^mail\s+1\.0\.0\s+gmail\s+no\s+built-in\s+New mail/,
    );
  });

  it("lists installed hookgate-pack-<name> packages too, enabled or not", async () => {
    const config = setup("[mail]");
    const dir = join(config, "..");
    writeFiles(dir, {
      "node_modules/hookgate-pack-shipping/package.json":
        '{ "name": "hookgate-pack-shipping", "version": "0.3.0" }\n',
      "node_modules/hookgate-pack-shipping/pack.yaml":
        "id: shipping\nversion: 0.3.0\ndescription: Parcel events.\nmappings:\n  - match: { path: shipping }\n    action: wake\n    textTemplate: parcel\n",
    });
    const { stdout } = await runCommand(command, ["--config", config]);
    expect(stdout).toMatch(/\nshipping\s+0\.3\.0\s+-\s+no\s+npm hookgate-pack-shipping\s+Parcel events\.\n/);
  });

  it("--json gives the same as objects", async () => {
    const { stdout } = await runCommand(command, ["--config", setup("[mail]"), "--json"]);
    const list = JSON.parse(stdout) as { id: string; enabled: boolean; from: { kind: string } }[];
    expect(list[0]).toMatchObject({ id: "acme", enabled: false, from: { kind: "dir" } });
    expect(list.find((p) => p.id === "mail")).toMatchObject({ enabled: true, from: { kind: "built-in" } });
  });

  it("show NAME (an alias too) prints parameters, mappings and docs, never a secret", async () => {
    const { code, stdout } = await runCommand(command, ["show", "acme-shop", "--config", setup("[acme]")]);
    expect(code).toBe(0);
    expect(stdout).toContain("acme 2.0.1 (");
    expect(stdout).toContain("enabled (hooks.presets: acme)");
    expect(stdout).toContain("Parameters (hooks.packs.acme):");
    expect(stdout).toContain(
      "  secret: string, required, secret; default ${ACME_SECRET}; value (secret)\n      Signing secret.",
    );
    expect(stdout).toContain("  fallback: string, secret; default (secret); value (secret)");
    expect(stdout).toContain('  events: list of strings; default ["order.created"]; value ["order.paid"]');
    expect(stdout).toContain(
      "Mappings:\n  acme-order: agent, path acme, verify hmac\n  acme-rest: wake, path acme, verify hmac",
    );
    expect(stdout).toContain("Docs:\n  https://example.com/acme/webhooks");
    expect(stdout).not.toContain("hush-hush-value");
    expect(stdout).not.toContain("literal-default-secret");
  });

  it("show --json masks secrets in defaults and values", async () => {
    const { stdout } = await runCommand(command, ["show", "acme", "--json", "--config", setup("[acme]")]);
    const view = JSON.parse(stdout) as { params: Record<string, { default?: unknown; value?: unknown }> };
    expect(view.params["secret"]).toMatchObject({ default: "${ACME_SECRET}", value: "(secret)" });
    expect(view.params["fallback"]).toMatchObject({ default: "(secret)", value: "(secret)" });
    expect(view.params["events"]).toMatchObject({ value: ["order.paid"] });
    expect(stdout).not.toContain("hush-hush-value");
  });

  it("show of a pack that is not enabled lists its mappings as written and how to enable it", async () => {
    const { stdout } = await runCommand(command, ["show", "acme", "--config", setup("[mail]")]);
    expect(stdout).toContain("not enabled: add acme to hooks.presets");
    expect(stdout).toContain("  acme-order: agent, path acme, verify hmac");
    expect(stdout).not.toContain("value");
  });

  it("show of a mistyped name suggests the close pack, never an npm package of the typo, exit 1", async () => {
    // An install of hookgate-pack-githb would run whatever a squatter published under that name.
    for (const [typo, meant] of [
      ["acm", "acme"],
      ["githb", "github"],
      ["stirpe", "stripe"],
    ]) {
      const { code, stderr } = await runCommand(command, ["show", typo!, "--config", setup("[mail]")]);
      expect(code).toBe(1);
      expect(stderr).toMatch(
        new RegExp(
          `^hookgate packs: unknown pack "${typo}"; did you mean ${meant}\\? known packs: acme, acme-shop, .*gmail.*\\n$`,
        ),
      );
      expect(stderr).not.toContain("npm install");
    }
  });

  it("show of a name close to no pack names the npm package looked for, after the known packs", async () => {
    const { code, stderr } = await runCommand(command, ["show", "shipping", "--config", setup("[mail]")]);
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /^hookgate packs: unknown pack "shipping"; known packs: acme, acme-shop, .*gmail.*; no installed package hookgate-pack-shipping either \(looked in .*\): npm install hookgate-pack-shipping in the configuration.s folder to use one\n$/,
    );
  });

  it("--help explains both forms; a wrong subcommand is a usage error", async () => {
    const helped = await runCommand(command, ["--help"]);
    expect(helped.code).toBe(0);
    expect(helped.stdout).toContain("hookgate packs show NAME [--config FILE] [--json]");
    const wrong = await runCommand(command, ["shwo", "acme"]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/^hookgate packs: unknown subcommand "shwo"; did you mean show\?/);
  });
});

describe("hookgate validate and packs", () => {
  it("a missing required secret is one error, at the pack's parameters, not one per mapping", async () => {
    const config = setup("[acme]");
    writeFileSync(config, readFileSync(config, "utf8").replace("secret: hush-hush-value, ", ""));
    writeFileSync(join(config, "../packs/acme.yaml"), PACK.replace(' default: "${ACME_SECRET}",', ""));
    const { code, stderr } = await runCommand(validate, ["--config", config]);
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /hookgate\.yaml:7:\d+: hooks\.packs\.acme: pack acme needs parameter secret \(Signing secret\.\): set hooks\.packs\.acme\.secret\n.*invalid — 1 error\n$/,
    );
  });

  it("a default of a pack that is not built in that reads the environment is not used: validate names the reference and the key to set", async () => {
    const config = setup("[acme]");
    writeFileSync(config, readFileSync(config, "utf8").replace("secret: hush-hush-value, ", ""));
    vi.stubEnv("ACME_SECRET", "from-the-environment");
    const { code, stderr } = await runCommand(validate, ["--config", config]).finally(() =>
      vi.unstubAllEnvs(),
    );
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /hookgate\.yaml:7:\d+: hooks\.packs\.acme: pack acme \(\S*packs\/acme\.yaml\) is not built in, so its defaults cannot read the environment or files; the default of parameter secret reads \$\{ACME_SECRET\}: set hooks\.packs\.acme\.secret in your configuration if you mean it to have a value\n.*invalid — 1 error\n$/,
    );
    expect(stderr).not.toContain("from-the-environment");
  });

  it("says what an enabled pack that is not built in can reach, and packs show says it of any pack", async () => {
    const config = setup("[acme, github]");
    vi.stubEnv("GITHUB_WEBHOOK_SECRET", "gh-secret");
    const valid = await runCommand(validate, ["--config", config]);
    expect(valid.code).toBe(0);
    const lines = valid.stdout.trim().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(
      /^pack acme \(\S*packs\/acme\.yaml, not built in\) reaches hook names acme \(without the token: verify hmac\); untrusted-content fence on$/,
    );
    const shown = await runCommand(command, ["show", "acme", "--config", config]);
    expect(shown.stdout).toContain(
      "reaches hook names acme (without the token: verify hmac); untrusted-content fence on",
    );
    const json = await runCommand(command, ["show", "gh", "--json", "--config", config]);
    vi.unstubAllEnvs();
    expect(JSON.parse(json.stdout).reaches).toBe(
      "hook names github (without the token: verify github); untrusted-content fence on",
    );
  });

  it("a YAML slip in the user's own pack shows that error alone, not an unknown pack to install", async () => {
    const config = setup("[acme]");
    writeFiles(join(config, ".."), {
      "packs/acme.yaml": PACK.replace(
        "    match: { path: acme }\n",
        "    match: { path: acme }\n     extra: 1\n",
      ),
    });
    const { code, stderr } = await runCommand(validate, ["--config", config]);
    expect(code).toBe(1);
    const lines = stderr.trim().split("\n");
    expect(lines[0]).toMatch(/^\S*packs\/acme\.yaml:\d+:\d+: YAML syntax error: /);
    expect(stderr).not.toContain("unknown preset");
    expect(stderr).not.toContain("npm install");
    expect(lines.at(-1)).toMatch(/invalid — 1 error$/);
  });

  it("a template error in a pack mapping is placed in the pack file", async () => {
    const config = setup("[acme]");
    writeFiles(join(config, ".."), {
      "packs/acme.yaml": PACK.replace('"Order {{order.id}}"', '"Order {{order.id"'),
    });
    const { code, stderr } = await runCommand(validate, ["--config", config]);
    expect(code).toBe(1);
    expect(stderr).toMatch(
      /packs\/acme\.yaml:14:\d+: pack acme mappings\[0\]\.messageTemplate: mapping acme-order: template error/,
    );
  });

  it("warns at hooks.presets when a pack's session keys can never pass allowedSessionKeyPrefixes", async () => {
    const config = setup("[acme, mail]");
    const text = readFileSync(config, "utf8").replace(
      "  packDirs:",
      '  defaultSessionKey: hook:gmail:default\n  allowedSessionKeyPrefixes: ["hook:gmail:"]\n  packDirs:',
    );
    writeFileSync(config, text);
    const { code, stdout, stderr } = await runCommand(validate, ["--config", config]);
    expect(code).toBe(0);
    expect(stdout).toContain(
      "valid — 4 mappings (4 from packs: acme 2, mail 2), 0 rule files, presets: acme, mail, 1 agent",
    );
    expect(stderr).toMatch(
      /hookgate\.yaml:7:\d+: warning: hooks\.presets\[1\]: pack mail, mapping mail: its session keys start with "hook:mail:", which none of hooks\.allowedSessionKeyPrefixes \(hook:gmail:\) admit, so every run it starts would be refused; set hooks\.packs\.mail\.sessionKeyPrefix to a value starting with one of them, or add "hook:mail:" to hooks\.allowedSessionKeyPrefixes\n/,
    );
    // The gmail path's keys (hook:gmail:<id>) pass; the warning is given once, where it can be acted on.
    expect(stderr).not.toContain("mapping gmail");
    expect(stderr.match(/mapping mail:/g)).toHaveLength(1);
  });
});
