// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${param:NAME} and ${ENV} in plain strings are the pack syntax under test.
// Packs: files in hooks.packDirs and installed hookgate-pack-<name> packages, typed parameters with
// defaults, ${param:NAME} substitution, the mail pack's older parameter keys, and the errors a pack
// author or user sees (file and field, config path, did-you-mean).
import { describe, expect, it } from "vitest";
import { compileRules } from "../../src/engine/compile.js";
import { route } from "../../src/engine/route.js";
import { issueAt, loadErrors, loadYaml, TOKEN, tempDir, writeFiles } from "./config-helpers.js";

const hooks = (extra: string) => `hooks:\n  enabled: true\n  token: ${TOKEN}\n${extra}`;

/** A small pack with every parameter type, used as ./packs/acme.yaml. */
const ACME = `# yaml-language-server: $schema=../../schemas/pack.schema.json
id: acme
version: 1.2.0
description: Orders from Acme.
aliases: [acme-shop]
docs: [https://example.com/acme/webhooks]
params:
  secret: { type: string, secret: true, required: true, description: Signing secret. }
  events: { type: array, items: { type: string }, default: [order.created], description: Event types that start runs. }
  prefix: { type: string, default: "hook:acme:" }
  agentId: { type: string }
  deliver: { type: boolean, default: false }
  timeout: { type: integer, default: 120 }
  tone: { type: string, enum: [brief, detailed], default: brief }
verify: { scheme: hmac, header: x-acme-signature, secret: "\${param:secret}" }
mappings:
  - id: acme-order
    match:
      path: acme
      when: { in: [ { var: payload.type }, "\${param:events}" ] }
    action: agent
    agentId: "\${param:agentId}"
    deliver: "\${param:deliver}"
    timeoutSeconds: "\${param:timeout}"
    sessionKey: "\${param:prefix}order:{{order.id}}"
    messageTemplate: "Order {{order.id}} ({{type}}), \${param:tone} summary please."
  - id: acme-rest
    match: { path: acme }
    action: wake
    textTemplate: "Acme {{type}}"
`;

/** Enables ./packs/acme.yaml with the secret from the environment, as a user of a pack that is not built in sets it. */
const ENABLED =
  '  packDirs: [./packs]\n  presets: [acme]\n  packs:\n    acme: { secret: "${ACME_SECRET}" }\n';

async function loadAcme(config: string, opts: { env?: NodeJS.ProcessEnv; pack?: string } = {}) {
  return loadYaml(hooks(config), {
    env: opts.env ?? { ACME_SECRET: "from-env-secret" },
    extra: { "packs/acme.yaml": opts.pack ?? ACME },
  });
}

describe("a pack from hooks.packDirs", () => {
  it("is enabled by its id, with defaults, the user's ${ENV} in a parameter, typed whole-value references and interpolation", async () => {
    const { config, warnings } = await loadAcme(ENABLED);
    expect(warnings).toEqual([]);
    const [pack] = config.hooks.packs;
    expect(pack!.pack).toMatchObject({ id: "acme", version: "1.2.0", aliases: ["acme-shop"] });
    expect(pack!.values).toEqual({
      secret: "from-env-secret",
      events: ["order.created"],
      prefix: "hook:acme:",
      deliver: false,
      timeout: 120,
      tone: "brief",
    });
    const [order, rest] = pack!.mappings;
    expect(order).toMatchObject({
      id: "acme-order",
      pack: "acme",
      origin: "pack acme mappings[0]",
      deliver: false,
      timeoutSeconds: 120,
      sessionKey: "hook:acme:order:{{order.id}}",
      messageTemplate: "Order {{order.id}} ({{type}}), brief summary please.",
      match: { when: { in: [{ var: "payload.type" }, ["order.created"]] } },
      // The pack's verify, given to every mapping without its own.
      verify: { scheme: "hmac", header: "x-acme-signature", secret: "from-env-secret" },
    });
    // An optional parameter without a value removes its key.
    expect(order).not.toHaveProperty("agentId");
    expect(rest!.verify).toEqual(order!.verify);
  });

  it("takes hooks.packs.<alias> values, checks their types, and routes with them", async () => {
    const { config } = await loadAcme(
      [
        "  packDirs: [./packs]",
        "  presets: [acme-shop]",
        "  packs:",
        "    acme-shop:",
        '      secret: "${ACME_SECRET}"',
        "      events: [order.paid, order.refunded]",
        "      agentId: main",
        '      deliver: "true"',
        "      tone: detailed",
        "",
      ].join("\n"),
    );
    const [pack] = config.hooks.packs;
    expect(pack!.values).toMatchObject({ events: ["order.paid", "order.refunded"], deliver: true });
    expect(pack!.mappings[0]).toMatchObject({ agentId: "main", deliver: true });
    const compiled = await compileRules(config);
    try {
      const request = (type: string) => ({
        path: "acme",
        payload: { type, order: { id: 7 } },
        headers: {},
        query: {},
      });
      expect(await route(compiled.index, request("order.paid"))).toMatchObject({
        kind: "agent",
        mappingId: "acme-order",
        action: {
          sessionKey: "hook:acme:order:7",
          message: "Order 7 (order.paid), detailed summary please.",
        },
      });
      expect(await route(compiled.index, request("order.created"))).toMatchObject({
        kind: "wake",
        mappingId: "acme-rest",
      });
    } finally {
      compiled.dispose();
    }
  });

  it("refuses an unknown parameter at its config path with did-you-mean and the known names", async () => {
    const issues = await loadErrors(
      hooks("  packDirs: [./packs]\n  presets: [acme]\n  packs:\n    acme: { evnts: [x] }\n"),
      {
        env: { ACME_SECRET: "s" },
        extra: { "packs/acme.yaml": ACME },
      },
    );
    const issue = issueAt(issues, "hooks.packs.acme.evnts");
    expect(issue).toMatchObject({ file: "hookgate.yaml", line: 7 });
    expect(issue.message).toBe(
      "pack acme has no parameter evnts; did you mean events? its parameters: secret, events, prefix, agentId, deliver, timeout, tone (hookgate packs show acme)",
    );
  });

  it("refuses a value of the wrong type naming the expected type, and never quotes a secret", async () => {
    const issues = await loadErrors(
      hooks(
        "  packDirs: [./packs]\n  presets: [acme]\n  packs:\n    acme: { events: push, timeout: 1.5, secret: [not-shown], tone: chatty }\n",
      ),
      { env: { ACME_SECRET: "s" }, extra: { "packs/acme.yaml": ACME } },
    );
    expect(issueAt(issues, "hooks.packs.acme.events").message).toBe(
      'parameter events of pack acme: expected a list of strings, found the string "push"',
    );
    expect(issueAt(issues, "hooks.packs.acme.timeout").message).toBe(
      "parameter timeout of pack acme: expected an integer, found number 1.5",
    );
    expect(issueAt(issues, "hooks.packs.acme.tone").message).toBe(
      'parameter tone of pack acme: "chatty" is not one of "brief", "detailed"',
    );
    const secret = issueAt(issues, "hooks.packs.acme.secret");
    expect(secret.message).toBe(
      "parameter secret of pack acme: expected a string, found a value of another type",
    );
    expect(JSON.stringify(issues)).not.toContain("not-shown");
  });

  it("a value read from a secret file is never quoted, whatever parameter it was given to", async () => {
    const issues = await loadErrors(
      hooks(
        '  packDirs: [./packs]\n  presets: [acme]\n  packs:\n    acme: { timeout: "${file:timeout.txt}" }\n',
      ),
      { env: { ACME_SECRET: "s" }, extra: { "packs/acme.yaml": ACME, "timeout.txt": "filed-away-value\n" } },
    );
    expect(issueAt(issues, "hooks.packs.acme.timeout").message).toBe(
      "parameter timeout of pack acme: expected an integer, found a value of another type",
    );
    expect(JSON.stringify(issues)).not.toContain("filed-away-value");
  });

  it("a required parameter without a value names the config key", async () => {
    const issues = await loadErrors(hooks("  packDirs: [./packs]\n  presets: [acme]\n"), {
      env: {},
      extra: { "packs/acme.yaml": ACME },
    });
    expect(issueAt(issues, "hooks.presets[0]")).toMatchObject({
      file: "hookgate.yaml",
      line: 5,
      message: "pack acme needs parameter secret (Signing secret.): set hooks.packs.acme.secret",
    });
  });

  it("an unknown ${param:NAME} is an error naming the pack file and the field", async () => {
    const pack = ACME.replace('"Acme {{type}}"', '"Acme {{type}} ${param:tones}"');
    const issues = await loadErrors(hooks(ENABLED), {
      env: { ACME_SECRET: "s" },
      extra: { "packs/acme.yaml": pack },
    });
    const issue = issueAt(issues, "mappings[1].textTemplate");
    expect(issue).toMatchObject({ file: "packs/acme.yaml", line: 30 });
    expect(issue.message).toBe(
      "${param:tones} names no parameter of this pack; did you mean tone? declared under params: agentId, deliver, events, prefix, secret, timeout, tone",
    );
  });

  it("an array parameter inside a longer string is an error naming the file and field", async () => {
    const pack = ACME.replace('"Acme {{type}}"', '"Acme {{type}} of ${param:events}"');
    const issues = await loadErrors(hooks(ENABLED), {
      env: { ACME_SECRET: "s" },
      extra: { "packs/acme.yaml": pack },
    });
    expect(issueAt(issues, "mappings[1].textTemplate")).toMatchObject({
      file: "packs/acme.yaml",
      message: expect.stringContaining("${param:events} is an array and cannot be part of a longer string"),
    });
  });

  it("a value that breaks the mapping schema is reported in the pack file, naming the parameter", async () => {
    const pack = ACME.replace(
      "tone: { type: string, enum: [brief, detailed], default: brief }",
      "tone: { type: string, default: brief }\n  mode: { type: string, default: later }",
    ).replace("    action: wake\n", '    action: wake\n    wakeMode: "${param:mode}"\n');
    const issues = await loadErrors(hooks(ENABLED), {
      env: { ACME_SECRET: "s" },
      extra: { "packs/acme.yaml": pack },
    });
    const issue = issueAt(issues, "mappings[1].wakeMode");
    expect(issue.file).toBe("packs/acme.yaml");
    expect(issue.message).toContain("(the value of hooks.packs.acme.mode)");
  });

  it("a header error (bad version) names the file and field", async () => {
    const issues = await loadErrors(hooks(ENABLED), {
      env: { ACME_SECRET: "s" },
      extra: { "packs/acme.yaml": ACME.replace("version: 1.2.0", "version: one") },
    });
    expect(issueAt(issues, "version")).toMatchObject({ file: "packs/acme.yaml", line: 3 });
  });

  it("a folder that does not exist is an error at hooks.packDirs[i]", async () => {
    const issues = await loadErrors(hooks("  packDirs: [./nope]\n"));
    expect(issueAt(issues, "hooks.packDirs[0]").message).toMatch(/pack folder .*nope does not exist/);
  });

  it("a folder pack with a built-in pack's id replaces it, with a warning", async () => {
    const mine = `id: mail\nversion: 0.1.0\nmappings:\n  - id: my-mail\n    match: { path: mail }\n    action: wake\n    textTemplate: mail\n`;
    const { config, warnings } = await loadYaml(hooks("  packDirs: [./packs]\n  presets: [mail]\n"), {
      extra: { "packs/mail.yaml": mine },
    });
    expect(config.hooks.packs.map((p) => p.mappings.map((m) => m.id))).toEqual([["my-mail"]]);
    expect(issueAt(warnings, "id", "warning")).toMatchObject({
      file: "packs/mail.yaml",
      message: expect.stringMatching(
        /^pack mail replaces the built-in pack mail \(.*mail\.yaml\); give it another id to keep both$/,
      ),
    });
    // gmail was an alias of the built-in mail pack only.
    const issues = await loadErrors(hooks("  packDirs: [./packs]\n  presets: [gmail]\n"), {
      extra: { "packs/mail.yaml": mine },
    });
    expect(issueAt(issues, "hooks.presets[0]").message).toMatch(/^unknown pack "gmail"; did you mean mail\?/);
  });

  it("parameters of a pack that is not enabled are a warning", async () => {
    const { warnings } = await loadAcme("  packDirs: [./packs]\n  packs:\n    acme: { tone: brief }\n");
    expect(issueAt(warnings, "hooks.packs.acme", "warning").message).toBe(
      "pack acme is not enabled, so these parameters do nothing; add acme to hooks.presets",
    );
  });

  it("parameters of an unknown pack are an error with did-you-mean", async () => {
    const issues = await loadErrors(hooks("  packDirs: [./packs]\n  packs:\n    acmee: {}\n"), {
      extra: { "packs/acme.yaml": ACME },
    });
    expect(issueAt(issues, "hooks.packs.acmee").message).toMatch(
      /^unknown pack "acmee"; did you mean acme\?/,
    );
  });
});

describe("built-in packs in hooks.presets", () => {
  it("an unknown name is an error at hooks.presets[i] listing the known packs, a mistyped one suggests the closest", async () => {
    const issues = await loadErrors(hooks("  presets: [mail, nonesuch, gmial, Mail]\n"));
    expect(issues.map((i) => [i.path, i.message])).toEqual([
      [
        "hooks.presets[1]",
        expect.stringMatching(/^unknown pack "nonesuch"; known packs: .*\bgmail, .*\bmail\b/),
      ],
      // OpenClaw configurations name the mail pack gmail.
      [
        "hooks.presets[2]",
        expect.stringMatching(/^unknown pack "gmial"; did you mean gmail\? known packs: /),
      ],
      ["hooks.presets[3]", expect.stringMatching(/^unknown pack "Mail"; did you mean mail\? known packs: /)],
    ]);
  });

  it("one enabled twice (by id and alias) is enabled once, with a warning", async () => {
    const { config, warnings } = await loadYaml(hooks("  presets: [mail, gmail]\n"));
    expect(config.hooks.packs.map((p) => [p.enabledAs, p.mappings.map((m) => m.id)])).toEqual([
      ["mail", ["mail", "gmail"]],
    ]);
    expect(issueAt(warnings, "hooks.presets[1]", "warning").message).toBe(
      '"gmail" enables pack mail, already enabled by hooks.presets[0]; remove one',
    );
  });
});

describe("a pack from an installed npm package", () => {
  const packageJson = (extra = "") => `{ "name": "hookgate-pack-acme", "version": "1.2.0"${extra} }\n`;

  it("is found in node_modules of the config's folder, by its package.json's hookgate.pack", async () => {
    const root = tempDir();
    writeFiles(root, {
      "node_modules/hookgate-pack-acme/package.json": packageJson(
        ', "hookgate": { "pack": "packs/acme.yaml" }',
      ),
      "node_modules/hookgate-pack-acme/packs/acme.yaml": ACME,
    });
    const { config } = await loadYaml(hooks("  presets: [acme]\n  packs:\n    acme: { secret: s3cret }\n"), {
      dir: root,
    });
    const [pack] = config.hooks.packs;
    expect(pack!.pack.origin).toMatchObject({ kind: "npm", packageName: "hookgate-pack-acme" });
    expect(pack!.pack.file).toBe(`${root}/node_modules/hookgate-pack-acme/packs/acme.yaml`);
    expect(pack!.mappings.map((m) => m.id)).toEqual(["acme-order", "acme-rest"]);
  });

  it("is not taken from a node_modules in a folder above the config's, such as a shared temp folder", async () => {
    const root = tempDir();
    writeFiles(root, {
      "node_modules/hookgate-pack-acme/package.json": packageJson(),
      "node_modules/hookgate-pack-acme/pack.yaml": ACME,
    });
    const dir = `${root}/project/config`;
    const issues = await loadErrors(hooks("  presets: [acme]\n  packs:\n    acme: { secret: s3cret }\n"), {
      dir,
    });
    expect(issueAt(issues, "hooks.presets[0]").message).toBe(
      `unknown pack "acme"; known packs: ${issues[0]!.message.split("known packs: ")[1]!.split(";")[0]}; no installed package hookgate-pack-acme either (looked in ${dir}/node_modules/hookgate-pack-acme/package.json): npm install hookgate-pack-acme in the configuration's folder to use one`,
    );
  });

  it("may not take the name of a built-in pack, as its id or an alias", async () => {
    for (const [names, clash] of [
      ["id: github\naliases: [acme]", "github"],
      ["id: acme\naliases: [gh, gmail]", "gh, gmail"],
    ] as const) {
      const dir = tempDir();
      writeFiles(dir, {
        "node_modules/hookgate-pack-acme/package.json": packageJson(),
        "node_modules/hookgate-pack-acme/pack.yaml": ACME.replace(
          "id: acme\nversion: 1.2.0\n",
          "version: 1.2.0\n",
        ).replace("aliases: [acme-shop]", names),
      });
      const issues = await loadErrors(hooks("  presets: [acme]\n  packs:\n    acme: { secret: s }\n"), {
        dir,
      });
      expect(issues, names).toHaveLength(1);
      expect(issues[0]!.message).toMatch(
        new RegExp(
          `^npm package hookgate-pack-acme names its pack ${clash}, the names? of the built-in pack (github|mail) \\(.*\\); an installed pack may not take the name of another, so it is not loaded: uninstall it, or ask its author for another id and aliases$`,
        ),
      );
    }
  });

  it("defaults to pack.yaml at the package root", async () => {
    const dir = tempDir();
    writeFiles(dir, {
      "node_modules/hookgate-pack-acme/package.json": packageJson(),
      "node_modules/hookgate-pack-acme/pack.yaml": ACME,
    });
    const { config } = await loadYaml(hooks("  presets: [acme]\n  packs:\n    acme: { secret: x }\n"), {
      dir,
    });
    expect(config.hooks.packs[0]!.pack.id).toBe("acme");
  });

  it("not installed: an error naming the pack, the package looked for and how to install it", async () => {
    const dir = tempDir();
    const issues = await loadErrors(hooks("  presets: [acme]\n"), { dir });
    const issue = issueAt(issues, "hooks.presets[0]");
    expect(issue.message).toContain('unknown pack "acme"');
    expect(issue.message).toContain(
      `no installed package hookgate-pack-acme either (looked in ${dir}/node_modules/hookgate-pack-acme/package.json)`,
    );
    expect(issue.message).toContain("npm install hookgate-pack-acme in the configuration's folder");
  });

  it("a typo of a known pack in hooks.presets suggests that pack, not a package of the typo", async () => {
    const issues = await loadErrors(hooks("  presets: [githb]\n"), { dir: tempDir() });
    const { message } = issueAt(issues, "hooks.presets[0]");
    expect(message).toMatch(/^unknown pack "githb"; did you mean github\? known packs: /);
    expect(message).not.toContain("hookgate-pack-githb");
  });

  it("a package whose hookgate.pack points outside the package is refused", async () => {
    const dir = tempDir();
    writeFiles(dir, {
      "node_modules/hookgate-pack-acme/package.json": packageJson(
        ', "hookgate": { "pack": "../hookgate-pack-acme2/pack.yaml" }',
      ),
      "node_modules/hookgate-pack-acme2/pack.yaml": ACME,
    });
    const issues = await loadErrors(hooks("  presets: [acme]\n"), { dir, env: { ACME_SECRET: "x" } });
    expect(issues.map((i) => i.message)).toContain(
      '"hookgate.pack" must name a file inside the package folder',
    );
  });

  it("a package whose pack has another id is refused", async () => {
    const dir = tempDir();
    writeFiles(dir, {
      "node_modules/hookgate-pack-acme/package.json": packageJson(),
      "node_modules/hookgate-pack-acme/pack.yaml": ACME.replace("id: acme", "id: other").replace(
        "aliases: [acme-shop]",
        "aliases: []",
      ),
    });
    const issues = await loadErrors(hooks("  presets: [acme]\n"), { dir, env: { ACME_SECRET: "x" } });
    expect(issues.map((i) => i.message).join("\n")).toContain(
      "package hookgate-pack-acme holds pack other, whose id and aliases (other) do not include acme; add acme to its aliases",
    );
  });
});

describe("the mail pack's parameters", () => {
  for (const key of ["mail", "gmail", "packs.mail", "packs.gmail"]) {
    it(`hooks.${key} sets model, thinking and allowUnsafeExternalContent`, async () => {
      const [a, b] = key.split(".");
      const block = b
        ? `  ${a}:\n    ${b}: { thinking: high, allowUnsafeExternalContent: true }\n`
        : `  ${a}: { thinking: high, allowUnsafeExternalContent: true }\n`;
      const { config, warnings } = await loadYaml(hooks(`  presets: [mail]\n${block}`));
      expect(warnings).toEqual([]);
      expect(config.hooks.mail).toEqual({ thinking: "high", allowUnsafeExternalContent: true });
    });
  }

  it("hooks.mail and hooks.gmail together are an error naming both", async () => {
    const issues = await loadErrors(
      hooks("  presets: [mail]\n  mail: { thinking: low }\n  gmail: { thinking: high }\n"),
    );
    expect(issueAt(issues, "hooks.gmail").message).toBe(
      "hooks.mail already gives the parameters of pack mail; keep one of the two",
    );
  });

  it("a model the model list does not allow is named where it was given", async () => {
    const issues = await loadErrors(
      `${hooks("  presets: [mail]\n  packs:\n    gmail: { model: nope/model }\n")}agents:\n  defaults:\n    models: { "openai/gpt-4o": {} }\n`,
    );
    expect(issueAt(issues, "hooks.packs.gmail.model").file).toBe("hookgate.yaml");
  });

  it("a mistyped mail parameter under hooks.mail is named there", async () => {
    const issues = await loadErrors(hooks("  presets: [mail]\n  mail: { modle: openai/gpt-4o }\n"));
    expect(issueAt(issues, "hooks.mail.modle").message).toMatch(
      /^pack mail has no parameter modle; did you mean model\?/,
    );
  });
});

describe("a pack's mappings against the ingress policies", () => {
  it("an agent the policies refuse, set by a parameter, is an error at that parameter", async () => {
    const issues = await loadErrors(
      hooks(
        "  allowedAgentIds: [main]\n  packDirs: [./packs]\n  presets: [acme]\n  packs:\n    acme: { agentId: ops, secret: s }\n",
      ),
      { env: { ACME_SECRET: "s" }, extra: { "packs/acme.yaml": ACME } },
    );
    expect(issueAt(issues, "hooks.packs.acme.agentId")).toMatchObject({
      file: "hookgate.yaml",
      line: 8,
      message:
        'pack acme: mapping acme-order: agentId "ops" is not in hooks.allowedAgentIds (main), so every run would be refused; add it there or remove agentId (this parameter sets agentId of mapping acme-order)',
    });
  });
});

describe("allowedSessionKeyPrefixes and a pack's session keys", () => {
  it("warns, naming the pack, the mapping and the parameter, when no key could pass", async () => {
    const { warnings } = await loadAcme(
      `${ENABLED}  defaultSessionKey: hook:shop:default\n  allowedSessionKeyPrefixes: ["hook:shop:"]\n`,
    );
    expect(issueAt(warnings, "hooks.presets[0]", "warning").message).toBe(
      'pack acme, mapping acme-order: its session keys start with "hook:acme:order:", which none of hooks.allowedSessionKeyPrefixes (hook:shop:) admit, so every run it starts would be refused; set hooks.packs.acme.prefix to a value starting with one of them, or add "hook:acme:order:" to hooks.allowedSessionKeyPrefixes',
    );
  });

  it("is quiet once the parameter is changed, or when a prefix admits the keys", async () => {
    for (const extra of [
      '  defaultSessionKey: hook:shop:default\n  allowedSessionKeyPrefixes: ["hook:shop:"]\n  packs:\n    acme: { prefix: "hook:shop:", secret: s }\n',
      '  allowedSessionKeyPrefixes: ["hook:"]\n  packs:\n    acme: { secret: s }\n',
      '  defaultSessionKey: hook:acme:order:default\n  allowedSessionKeyPrefixes: ["hook:acme:order:1", "hook:acme:order:d"]\n  packs:\n    acme: { secret: s }\n',
    ]) {
      const { warnings } = await loadAcme(`  packDirs: [./packs]\n  presets: [acme]\n${extra}`);
      expect(warnings, extra).toEqual([]);
    }
  });

  it("reads past a leading {{#if}}: the mail pack's hook:mail: keys against hook:gmail: only", async () => {
    const { warnings } = await loadYaml(
      hooks('  presets: [mail]\n  allowedSessionKeyPrefixes: ["hook:gmail:", "hook:"]\n'),
    );
    expect(warnings).toEqual([]);
    const only = await loadYaml(
      hooks(
        '  presets: [mail]\n  defaultSessionKey: hook:gmail:default\n  allowedSessionKeyPrefixes: ["hook:gmail:"]\n',
      ),
    );
    expect(only.warnings.map((w) => w.message).join("\n")).toContain(
      'pack mail, mapping mail: its session keys start with "hook:mail:"',
    );
  });
});
