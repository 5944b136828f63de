// `hookgate test` end to end over real files: the decision and the trace, human and JSON, exit codes.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { command } from "../../src/commands/test.js";
import { runCommand } from "./command-helpers.js";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const CONFIG = `hooks:
  enabled: true
  token: a-long-enough-token-for-tests-0123
  presets: [mail]
  mappings:
    - id: github-push
      match:
        path: github
        when: { "==": [{ var: "headers.x-github-event" }, "push"] }
      action: wake
      textTemplate: "Push to {{repository.full_name}} by {{pusher.name}}"
    - id: broken
      match: { path: broken }
      action: agent
      messageTemplate: "{{missing}}"
`;

function setup(config = CONFIG): {
  dir: string;
  config: string;
  payload: (name: string, value: unknown) => string;
} {
  const dir = mkdtempSync(join(tmpdir(), "hookgate-test-cmd-"));
  dirs.push(dir);
  writeFileSync(join(dir, "hookgate.yaml"), config);
  return {
    dir,
    config: join(dir, "hookgate.yaml"),
    payload: (name, value) => {
      writeFileSync(join(dir, name), typeof value === "string" ? value : JSON.stringify(value));
      return join(dir, name);
    },
  };
}

function run(argv: string[], stdin?: string) {
  return runCommand(command, argv, stdin);
}

const push = { repository: { full_name: "acme/api" }, pusher: { name: "ada" } };

/** `hookgate test github` with the push payload and the given event header. */
function pushAs(s: { config: string; payload: (name: string, body: unknown) => string }, event: string) {
  return run([
    "-c",
    s.config,
    "github",
    "-p",
    s.payload("push.json", push),
    "-H",
    `x-github-event: ${event}`,
  ]);
}

describe("hookgate test", () => {
  test("a match: exit 0, the rule that fired and the rendered action", async () => {
    const s = setup();
    const r = await run([
      "--config",
      s.config,
      "github",
      "--payload",
      s.payload("push.json", push),
      "-H",
      "X-GitHub-Event: push",
      "-H",
      "Authorization: Bearer secret-value",
    ]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toBe(
      [
        "hook github: looked at 1 of 4 rules",
        "  ✓ github-push (hooks.mappings[0]) matched",
        "",
        "decision: wake (system event for the main session), by mapping github-push",
        "  text: Push to acme/api by ada",
        "  mode: now",
        'answer: 200 {"ok":true,"mode":"now","eventOutcome":"queued"}',
        "",
      ].join("\n"),
    );
  });

  test("a mapping's own successBody is the answer shown, as the server sends it", async () => {
    const s = setup(`hooks:
  enabled: true
  token: a-long-enough-token-for-tests-0123
  mappings:
    - id: interaction
      match: { path: discord }
      action: agent
      messageTemplate: "/{{data.name}}"
      successStatus: 200
      successBody: { type: 4, data: { content: "On it.", flags: 64 } }
`);
    const r = await run(["-c", s.config, "discord", "-p", s.payload("i.json", { data: { name: "ask" } })]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('answer: 200 {"type":4,"data":{"content":"On it.","flags":64}}\n');
  });

  test("sender text with terminal escapes is shown escaped", async () => {
    const s = setup();
    const r = await run(
      ["-c", s.config, "wake", "-p", "-"],
      JSON.stringify({ text: "hi\u001b]52;c;x\u0007\u202e" }),
    );
    expect(r.code).toBe(0);
    expect(r.stdout).not.toMatch(/[\u001b\u0007\u202e]/);
    expect(r.stdout).toContain("hi\\x1b]52;c;x\\x07\\u202e");
  });

  test("the built-in endpoints answer as the server does, token headers stripped first", async () => {
    const s = setup();
    const wake = await run(
      ["-c", s.config, "wake", "-p", "-", "-H", "Authorization: Bearer secret-value", "--json"],
      JSON.stringify({ text: "deploy done", mode: "next-heartbeat" }),
    );
    expect(wake.code).toBe(0);
    const out = JSON.parse(wake.stdout);
    expect(out.request.headers).toEqual({});
    expect(out.answer).toEqual({
      status: 200,
      body: { ok: true, mode: "next-heartbeat", eventOutcome: "queued" },
    });
    const bad = await run(["-c", s.config, "agent", "-p", "-"], JSON.stringify({ text: "no message" }));
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain(
      'answer: 400 {"ok":false,"error":"message required","code":"INVALID_PAYLOAD"}',
    );
  });

  test("no match: exit 2, why each candidate failed, and which paths have rules", async () => {
    const s = setup();
    const r = await pushAs(s, "issues");
    expect(r.code).toBe(2);
    expect(r.stdout).toContain("  ✗ github-push (hooks.mappings[0]): when did not hold");
    expect(r.stdout).toContain('      saw:      false; headers.x-github-event = "issues"');
    expect(r.stdout).toContain("decision: no match — POST <hooks.path>/github would get 404");
    const typo = await run(["-c", s.config, "gihub", "-p", s.payload("push.json", push)]);
    expect(typo.code).toBe(2);
    expect(typo.stdout).toContain("rules exist for: broken, github, gmail, mail");
  });

  test("the mail preset from stdin, multi-line message shown as a block", async () => {
    const s = setup();
    const mail = {
      messages: [
        { id: "abc", from: "ada@example.com", subject: "Hi", snippet: "short", body: "line 1\nline 2" },
      ],
    };
    const r = await run(["-c", s.config, "gmail", "--payload", "-"], JSON.stringify(mail));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("decision: fan-out into 1 agent run (forEach), by mapping gmail");
    expect(r.stdout).toContain("  [0]\n    message:\n      | New email.\n      | From: ada@example.com\n");
    expect(r.stdout).toContain("    sessionKey: hook:gmail:abc");
    expect(r.stdout).toContain("    contentSource: Email");
  });

  test("a fan-out shows each action and its policy verdict; ignore and nothing to do show why 204", async () => {
    const s = setup();
    const mail = {
      messages: [
        { id: "m1", from: "a@x" },
        { id: "m2", from: "b@x" },
      ],
    };
    const r = await run(["-c", s.config, "mail", "--payload", "-"], JSON.stringify(mail));
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("decision: fan-out into 2 agent runs (forEach), by mapping mail");
    expect(r.stdout).toContain("  [1]\n    message:\n      | New email.\n      | From: b@x\n");
    expect(r.stdout).toContain(
      "policy: accepted, every element —\n  [0] session hook:mail:m1, channel last\n  [1] session hook:mail:m2, channel last\n",
    );
    expect(r.stdout).toContain(
      'answer: 202 {"ok":true,"runId":"(assigned when stored)","runIds":["(assigned when stored)","(assigned when stored)"]}',
    );
    const none = await run(["-c", s.config, "mail", "--payload", "-"], JSON.stringify({ historyId: 7 }));
    expect(none.code).toBe(0);
    expect(none.stdout).toContain(
      "decision: skip — mapping mail has nothing to do: forEach messages: the payload has no messages (HTTP 204)",
    );
    expect(none.stdout).toContain("answer: 204");
  });

  test("--json prints the request (credential headers redacted, signature headers left out) and the decision with its trace", async () => {
    const s = setup();
    const r = await run([
      "-c",
      s.config,
      "github",
      "-p",
      s.payload("p.json", push),
      "-H",
      "x-github-event: push",
      "-H",
      "x-hub-signature-256: sha256=abc",
      "-H",
      "x-api-key: k-123",
      "-q",
      "env=prod",
      "--json",
      "--now",
      "2025-01-31T12:00:00Z",
    ]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.request).toEqual({
      path: "github",
      payload: push,
      headers: { "x-github-event": "push", "x-api-key": "[redacted]" },
      query: { env: "prod" },
    });
    expect(out.decision).toMatchObject({
      kind: "wake",
      mappingId: "github-push",
      action: { text: "Push to acme/api by ada", mode: "now" },
    });
    expect(out.decision.explain.steps).toEqual([
      { mappingId: "github-push", origin: "hooks.mappings[0]", matched: true },
    ]);
  });

  test("an invalid action: exit 1 with the error naming the mapping and field", async () => {
    const s = setup();
    const r = await run(["-c", s.config, "broken", "-p", s.payload("p.json", {})]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("decision: invalid (INVALID_ACTION) — mapping broken: message required");
  });

  test("a config error: exit 1, every issue on stderr", async () => {
    const s = setup(CONFIG.replace('"{{missing}}"', '"{{#if}}"'));
    const r = await run(["-c", s.config, "broken", "-p", s.payload("p.json", {})]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/hooks\.mappings\[1\]\.messageTemplate: mapping broken: template error/);
    expect(r.stdout).toBe("");
  });

  test("needs no hook token: nothing is served", async () => {
    expect(process.env["HOOKGATE_TEST_SERVE_TOKEN"]).toBeUndefined();
    const s = setup(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: config syntax.
      CONFIG.replace("a-long-enough-token-for-tests-0123", "${HOOKGATE_TEST_SERVE_TOKEN}"),
    );
    const r = await pushAs(s, "push");
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("decision: wake (system event for the main session), by mapping github-push");
  });

  test("warns on stderr that hooks are off when the config does not enable them", async () => {
    const s = setup(CONFIG.replace("  enabled: true\n", ""));
    const r = await pushAs(s, "push");
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(
      `${s.config}:2:3: warning: hooks.enabled: not set, so hooks are off: every request under hooks.path answers 404, although rules are configured (2 mappings, presets: mail); add enabled: true under hooks to serve them\n`,
    );
  });

  test("usage errors: no name, no payload, bad JSON, bad header", async () => {
    const s = setup();
    expect((await run(["-c", s.config, "-p", s.payload("p.json", {})])).stderr).toContain(
      "give exactly one hook NAME",
    );
    expect((await run(["-c", s.config, "github"])).stderr).toContain(
      "--payload FILE (or - for stdin) is required",
    );
    expect((await run(["-c", s.config, "github", "-p", s.payload("bad.json", "{nope")])).stderr).toContain(
      "invalid JSON",
    );
    expect((await run(["-c", s.config, "github", "-p", join(s.dir, "none.json")])).stderr).toContain(
      "no such file",
    );
    const bad = await run(["-c", s.config, "github", "-p", s.payload("p.json", {}), "-H", "novalue"]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('--header "novalue": expected NAME:VALUE');
  });

  test("--help", async () => {
    const r = await run(["--help"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Usage: hookgate test");
  });
});

describe("hookgate test applies the ingress policies to agent runs", () => {
  const POLICY_CONFIG = `hooks:
  enabled: true
  token: a-long-enough-token-for-tests-0123
  allowedSessionKeyPrefixes: ["hook:"]
  mappings:
    - id: ticket
      match: { path: ticket }
      action: agent
      sessionKey: "{{key}}"
      messageTemplate: "Ticket {{id}}"
`;

  test("a session key the server would refuse is reported as the server's 400, exit 1", async () => {
    const t = setup(POLICY_CONFIG);
    const res = await run([
      "--config",
      t.config,
      "ticket",
      "--payload",
      t.payload("p.json", { id: 7, key: "ops:7" }),
    ]);
    expect(res.code).toBe(1);
    expect(res.stdout).toContain("decision: agent run, by mapping ticket");
    expect(res.stdout).toContain(
      "policy: rejected (SESSION_KEY_PREFIX) — sessionKey must start with one of: hook:; the server would answer 400",
    );
  });

  test("an accepted run shows the session and channel it would get", async () => {
    const t = setup(POLICY_CONFIG);
    const res = await run([
      "--config",
      t.config,
      "ticket",
      "--payload",
      t.payload("p.json", { id: 7, key: "hook:ticket:7" }),
      "--json",
    ]);
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout).policy).toEqual({
      ok: true,
      value: { sessionKey: "hook:ticket:7", sessionMode: "persistent", channel: "last" },
    });
  });
});
