// Cross-checks of the hooks section: token, path, session keys, agent ids, weak tokens.
import { describe, expect, it } from "vitest";
import { issueAt, loadErrors, loadYaml, TOKEN } from "./config-helpers.js";

const enabled = `hooks:\n  enabled: true\n  token: ${TOKEN}\n`;

describe("hooks.token", () => {
  it("is required when hooks are enabled", async () => {
    const issues = await loadErrors("hooks:\n  enabled: true\n");
    expect(issueAt(issues, "hooks.token").message).toMatch(/^required when hooks.enabled is true/);
  });

  it("may not be blank", async () => {
    const issues = await loadErrors("hooks:\n  enabled: true\n  token: '   '\n");
    expect(issueAt(issues, "hooks.token")).toMatchObject({ line: 3, column: 10 });
  });

  it("is not needed while hooks are disabled", async () => {
    const { config } = await loadYaml("hooks:\n  enabled: false\n");
    expect(config.hooks).toMatchObject({ enabled: false, token: "" });
  });

  it("warns about a short token without revealing it", async () => {
    const { warnings } = await loadYaml("hooks:\n  enabled: true\n  token: s3cret-but-short\n");
    const warning = issueAt(warnings, "hooks.token", "warning");
    expect(warning.message).toMatch(/^weak token: 16 characters, use at least 24/);
    expect(warning.message).not.toContain("s3cret");
  });

  it("refuses a token that guessing at the lockout's pace would find, naming the fix, never the token", async () => {
    for (const token of ["12345678", "abcdefgh", "2718281828459"]) {
      const issues = await loadErrors(`hooks:\n  enabled: true\n  token: "${token}"\n`);
      const error = issueAt(issues, "hooks.token");
      expect(error.message, token).toMatch(/^token too easy to guess: \d+ characters hold about \d+ bits/);
      expect(error.message).toContain("openssl rand -base64 32");
      expect(error.message).not.toContain(token);
    }
    // A looser lockout needs a longer token: ten lower-case letters hold out against the default one...
    const { warnings } = await loadYaml("hooks:\n  enabled: true\n  token: kqzlpamwxr\n");
    expect(issueAt(warnings, "hooks.token", "warning").message).toMatch(/^weak token: 10 characters/);
    // ...but not against 10,000 tries a second from each address.
    const loose = await loadErrors(
      "hooks:\n  enabled: true\n  token: kqzlpamwxr\n  authFailures: { max: 10000, lockSeconds: 1 }\n",
    );
    expect(issueAt(loose, "hooks.token").message).toMatch(
      /hooks\.authFailures: 10000 failures, then 1 s locked/,
    );
    // Disabled hooks use no token.
    const { config } = await loadYaml("hooks:\n  enabled: false\n  token: '1234'\n");
    expect(config.hooks.enabled).toBe(false);
  });

  it("warns when the console answers any address on a public host over plain HTTP", async () => {
    const base = "hooks:\n  enabled: true\n  token: Zr8vQ2mK9xLp4TnW7yB3cD6f\n";
    const open = await loadYaml(`${base}server:\n  host: 0.0.0.0\n  console: { allowFrom: [any] }\n`);
    expect(issueAt(open.warnings, "server.console.allowFrom", "warning").message).toMatch(
      /over plain HTTP, and its login is the hook token: put a TLS proxy in front/,
    );
    for (const safe of [
      "server:\n  host: 0.0.0.0\n  publicUrl: https://hooks.example.com\n  console: { allowFrom: [any] }\n",
      "server:\n  console: { allowFrom: [any] }\n",
      "server:\n  host: 0.0.0.0\n  console: { allowFrom: [10.0.0.0/8] }\n",
    ]) {
      const { warnings } = await loadYaml(`${base}${safe}`);
      expect(
        warnings.filter((w) => w.path === "server.console.allowFrom"),
        safe,
      ).toEqual([]);
    }
  });

  it("warns about a token equal to another secret of the file, naming that key", async () => {
    const { warnings } = await loadYaml(
      `${enabled}providers:\n  openai: { baseUrl: "https://api.openai.com/v1", apiKey: ${TOKEN} }\n`,
    );
    const warning = issueAt(warnings, "hooks.token", "warning");
    expect(warning.message).toBe(
      "weak token: same value as providers.openai.apiKey; use a dedicated hook token",
    );
    expect(warning.message).not.toContain(TOKEN);
  });

  it("trims whitespace around the token, as presented tokens are trimmed", async () => {
    const quoted = await loadYaml(`hooks:\n  enabled: true\n  token: " ${TOKEN}\\r\\n"\n`);
    expect(quoted.config.hooks.token).toBe(TOKEN);
    expect(quoted.warnings).toEqual([]);
    // A CRLF env file leaves a \r at the end of the variable.
    const fromEnv = await loadYaml(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: config syntax.
      "hooks:\n  enabled: true\n  token: ${HOOKGATE_TOKEN}\n",
      { env: { HOOKGATE_TOKEN: `${TOKEN}\r` } },
    );
    expect(fromEnv.config.hooks.token).toBe(TOKEN);
  });

  it("treats a token of only whitespace as missing", async () => {
    const issues = await loadErrors('hooks:\n  enabled: true\n  token: "\\r\\n "\n');
    expect(issueAt(issues, "hooks.token").message).toMatch(/^required when hooks.enabled is true/);
  });

  it("gives no warning for a long dedicated token", async () => {
    const { warnings } = await loadYaml(enabled);
    expect(warnings).toEqual([]);
  });
});

describe("hooks.path", () => {
  it("rejects / alone", async () => {
    const issues = await loadErrors(`${enabled}  path: /\n`);
    expect(issueAt(issues, "hooks.path")).toMatchObject({
      message: '"/" would put hooks at the root of the server; use a prefix such as /hooks',
      line: 4,
      column: 9,
    });
  });

  it.each([
    ["hooks/", "/hooks"],
    ["/api/hooks/", "/api/hooks"],
    ["//in//bound//", "/in/bound"],
  ])("normalises %j to %j", async (raw, normalised) => {
    const { config } = await loadYaml(`${enabled}  path: "${raw}"\n`);
    expect(config.hooks.path).toBe(normalised);
  });

  it("defaults to /hooks", async () => {
    expect((await loadYaml(enabled)).config.hooks.path).toBe("/hooks");
  });
});

describe("session keys", () => {
  it("trims, lower-cases and de-duplicates the prefixes", async () => {
    const { config } = await loadYaml(
      `${enabled}  allowedSessionKeyPrefixes: [" Hook: ", "hook:", "Ops:"]\n`,
    );
    expect(config.hooks.allowedSessionKeyPrefixes).toEqual(["hook:", "ops:"]);
  });

  it("rejects a default session key outside the prefixes", async () => {
    const issues = await loadErrors(
      `${enabled}  allowedSessionKeyPrefixes: ["hook:"]\n  defaultSessionKey: "agent:main"\n`,
    );
    expect(issueAt(issues, "hooks.defaultSessionKey")).toMatchObject({
      message:
        '"agent:main" does not start with any of hooks.allowedSessionKeyPrefixes (hook:); change the key or add its prefix',
      line: 5,
    });
  });

  it("accepts a default session key matching a prefix case-insensitively", async () => {
    const { config } = await loadYaml(
      `${enabled}  allowedSessionKeyPrefixes: ["ops:"]\n  defaultSessionKey: "OPS:inbox"\n`,
    );
    expect(config.hooks.defaultSessionKey).toBe("OPS:inbox");
  });

  it("requires the prefixes to admit generated hook: keys when there is no default key", async () => {
    const issues = await loadErrors(`${enabled}  allowedSessionKeyPrefixes: ["ops:"]\n`);
    expect(issueAt(issues, "hooks.allowedSessionKeyPrefixes").message).toBe(
      'runs without a session key get generated hook:<uuid> keys, which none of these prefixes (ops:) admit; add "hook:" or set hooks.defaultSessionKey',
    );
  });

  it.each(["main", "MAIN", " Main "])("reserves %j for the main session", async (key) => {
    const issues = await loadErrors(`${enabled}  defaultSessionKey: "${key}"\n`);
    expect(issueAt(issues, "hooks.defaultSessionKey")).toMatchObject({
      message: `"${key}" is reserved for the main session (the heartbeat's conversation); use a key of its own such as hook:default`,
      line: 4,
      column: 22,
    });
  });

  it("reports a reserved default key once, even outside the prefixes", async () => {
    const issues = await loadErrors(
      `${enabled}  allowedSessionKeyPrefixes: ["hook:"]\n  defaultSessionKey: main\n`,
    );
    expect(issueAt(issues, "hooks.defaultSessionKey").message).toMatch(/is reserved for the main session/);
  });

  it("allows keys that only contain main", async () => {
    const { config } = await loadYaml(`${enabled}  defaultSessionKey: "hook:main"\n`);
    expect(config.hooks.defaultSessionKey).toBe("hook:main");
  });

  it("leaves the prefixes unrestricted when omitted", async () => {
    expect((await loadYaml(enabled)).config.hooks.allowedSessionKeyPrefixes).toBeNull();
  });
});

describe("hooks.allowedAgentIds", () => {
  const agents = "agents:\n  list: [{ id: main }, { id: ops }]\n";

  it("omitted means any agent", async () => {
    expect((await loadYaml(enabled + agents)).config.hooks.allowedAgentIds).toBeNull();
  });

  it("containing * means any agent", async () => {
    const { config } = await loadYaml(`${enabled}  allowedAgentIds: [ops, "*"]\n${agents}`);
    expect(config.hooks.allowedAgentIds).toBeNull();
  });

  it("[] denies every explicit agent id", async () => {
    const { config } = await loadYaml(`${enabled}  allowedAgentIds: []\n${agents}`);
    expect(config.hooks.allowedAgentIds).toEqual([]);
  });

  it("warns about ids that are not in agents.list", async () => {
    const { config, warnings } = await loadYaml(`${enabled}  allowedAgentIds: [ops, ghost]\n${agents}`);
    expect(config.hooks.allowedAgentIds).toEqual(["ops", "ghost"]);
    expect(issueAt(warnings, "hooks.allowedAgentIds[1]", "warning").message).toBe(
      '"ghost" is not an id in agents.list (main, ops); requests naming it run the default agent',
    );
  });
});

describe("hooks defaults", () => {
  it("fills every default from the schema", async () => {
    const { config } = await loadYaml(enabled);
    expect(config.hooks).toMatchObject({
      maxBodyBytes: 262144,
      bodyTimeoutSeconds: 30,
      unauthenticatedBodyBytes: 33554432,
      idempotencyTtlSeconds: 86400,
      allowRequestSessionKey: false,
      presets: [],
      authFailures: { max: 20, windowSeconds: 60, lockSeconds: 60, maxTrackedAddresses: 10000 },
      transformLimits: { cpuMs: 250, memoryMiB: 32, maxResultBytes: 262144, maxStackBytes: 49152 },
      mail: { allowUnsafeExternalContent: false },
    });
    expect(config.delivery).toEqual({
      maxAttempts: 5,
      baseDelayMs: 500,
      maxDelayMs: 30000,
      maxRetryAfterMs: 900000,
    });
    expect(config.heartbeat).toMatchObject({ everyMs: 1_800_000, ackToken: "HEARTBEAT_OK", coalesceMs: 250 });
    expect(config.heartbeat.prompt).toContain("HEARTBEAT_OK");
  });

  it("keeps configured values over defaults", async () => {
    const { config } = await loadYaml(
      `${enabled}  authFailures: { max: 3 }\nheartbeat: { every: 90s, prompt: Check. }\n`,
    );
    expect(config.hooks.authFailures).toMatchObject({ max: 3, windowSeconds: 60 });
    expect(config.heartbeat).toMatchObject({ everyMs: 90_000, prompt: "Check." });
  });
});

describe("hooks.enabled", () => {
  const ruleLines = `  mappings:\n    - match: { path: ci }\n      action: wake\n      textTemplate: hi\n`;

  it("warns when rules are configured but hooks are not turned on, since every request would get 404", async () => {
    const { warnings } = await loadYaml(`hooks:\n  presets: [mail]\n${ruleLines}`);
    expect(issueAt(warnings, "hooks.enabled", "warning")).toMatchObject({
      line: 2,
      column: 3,
      message:
        "not set, so hooks are off: every request under hooks.path answers 404, although rules are configured (1 mapping, presets: mail); add enabled: true under hooks to serve them",
    });
  });

  it("says so too when enabled is false, and counts rule-file mappings", async () => {
    const { warnings } = await loadYaml(`hooks:\n  enabled: false\n  rules: [r.yaml]\n`, {
      extra: {
        "r.yaml": `mappings:\n  - action: wake\n    textTemplate: a\n  - action: wake\n    textTemplate: b\n`,
      },
    });
    expect(issueAt(warnings, "hooks.enabled", "warning")).toMatchObject({
      line: 2,
      column: 12,
      message: expect.stringMatching(/^false, so hooks are off: .*\(2 mappings\);/),
    });
  });

  it("is quiet when hooks are on, or when there are no rules at all", async () => {
    expect((await loadYaml(`${enabled}${ruleLines}`)).warnings).toEqual([]);
    expect((await loadYaml("server: { port: 18790 }\n")).warnings).toEqual([]);
  });
});

describe("hooks.sessionMode", () => {
  it("is persistent unless set; a mapping may choose its own", async () => {
    const plain = await loadYaml(enabled);
    expect(plain.config.hooks.sessionMode).toBe("persistent");
    const { config } = await loadYaml(
      `${enabled}  sessionMode: isolated\n  mappings:\n    - { match: { path: a }, sessionMode: persistent, messageTemplate: hi }\n`,
    );
    expect(config.hooks.sessionMode).toBe("isolated");
    expect(config.hooks.mappings[0]!.sessionMode).toBe("persistent");
  });

  it("names the allowed values when mistyped", async () => {
    const issues = await loadErrors(`${enabled}  sessionMode: fresh\n`);
    expect(issueAt(issues, "hooks.sessionMode").message).toBe(
      'expected one of "persistent", "isolated", found "fresh"',
    );
  });
});
