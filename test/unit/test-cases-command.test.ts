// `hookgate test` without a hook name: the embedded cases of rule files and packs over real files, as a
// rule author runs them: PASS / FAIL with the differing fields, coverage, --fail-under, --json, --pack,
// signed requests, and the secrets that must never be printed.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { command } from "../../src/commands/test.js";
import { runCommand } from "./command-helpers.js";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "hookgate-cases-"));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, ".."), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

const run = (argv: string[]) => runCommand(command, argv);

const SECRET = "gh-webhook-secret-0123456789";

const CONFIG = `hooks:
  enabled: true
  token: a-long-enough-token-for-tests-0123
  rules: [rules/*.yaml]
`;

const CI_RULES = `mappings:
  - id: ci-failed
    name: CI
    match: { path: ci, when: { "==": [{ var: payload.status }, failed] } }
    action: agent
    sessionKey: "hook:ci:{{repository}}"
    messageTemplate: "Pipeline {{pipeline}} of {{repository}} failed: {{log}}"
  - id: ci-other
    match: { path: ci }
    action: wake
    textTemplate: "CI {{pipeline}}: {{status}}"
  - id: never-tested
    match: { path: deploy }
    action: wake
    textTemplate: deployed
tests:
  - name: a failed pipeline starts a run
    payloadFile: payloads/failed.json
    expect:
      status: 202
      kind: agent
      mapping: ci-failed
      action:
        sessionKey: hook:ci:acme/api
        message: { contains: "acme/api failed: boom" }
  - name: a passed pipeline is noted
    payload: { status: passed, pipeline: build, repository: acme/api }
    expect: { status: 200, kind: wake, mapping: ci-other, action: { text: "CI build: passed", mode: now } }
`;

const FAILED = JSON.stringify({ status: "failed", pipeline: "build", repository: "acme/api", log: "boom" });

describe("hookgate test (embedded cases)", () => {
  test("every case passes: PASS lines, the summary and the coverage line; exit 0", async () => {
    const dir = folder({
      "hookgate.yaml": CONFIG,
      "rules/ci.yaml": CI_RULES,
      "rules/payloads/failed.json": FAILED,
    });
    const r = await run(["--config", join(dir, "hookgate.yaml")]);
    expect(r.stdout).toMatch(/PASS .*ci\.yaml: a failed pipeline starts a run\n/);
    expect(r.stdout).toMatch(/PASS .*ci\.yaml: a passed pipeline is noted\n/);
    expect(r.stdout).toContain("2 cases: 2 passed, 0 failed");
    expect(r.stdout).toMatch(
      /coverage: 2 of 3 mappings reached by a case \(66%\); not reached: never-tested \(.*ci\.yaml\)/,
    );
    expect(r.code).toBe(0);
  });

  test("a failing case: FAIL with only the stated fields that differ, and what the request got; exit 1", async () => {
    const rules = CI_RULES.replace("acme/api failed: boom", "deploy failed").replace(
      "kind: wake, mapping: ci-other",
      "kind: agent, mapping: ci-other",
    );
    const dir = folder({
      "hookgate.yaml": CONFIG,
      "rules/ci.yaml": rules,
      "rules/payloads/failed.json": FAILED,
    });
    const r = await run(["--config", join(dir, "hookgate.yaml")]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/FAIL .*ci\.yaml: a failed pipeline starts a run\n/);
    expect(r.stdout).toContain(
      'action.message: expected contains "deploy failed", got "Pipeline build of acme/api failed: boom"',
    );
    expect(r.stdout).toContain("got: agent run by ci-failed (202)");
    expect(r.stdout).toContain('kind: expected "agent", got "wake"');
    // Fields the case does not state are not compared, so not shown.
    expect(r.stdout).not.toContain("sessionKey: expected");
    expect(r.stdout).not.toMatch(/status: expected/);
    expect(r.stdout).toContain("2 cases: 0 passed, 2 failed");
  });

  test("--fail-under: exit 1 below the percent, naming it; 0 at or above", async () => {
    const dir = folder({
      "hookgate.yaml": CONFIG,
      "rules/ci.yaml": CI_RULES,
      "rules/payloads/failed.json": FAILED,
    });
    const below = await run(["--config", join(dir, "hookgate.yaml"), "--fail-under", "67"]);
    expect(below.code).toBe(1);
    expect(below.stderr).toContain("coverage 66% is below --fail-under 67%");
    const at = await run(["--config", join(dir, "hookgate.yaml"), "--fail-under", "66"]);
    expect(at.code).toBe(0);
  });

  test("--json: the cases with expected and actual, the counts and the coverage", async () => {
    const dir = folder({
      "hookgate.yaml": CONFIG,
      "rules/ci.yaml": CI_RULES,
      "rules/payloads/failed.json": FAILED,
    });
    const r = await run(["--config", join(dir, "hookgate.yaml"), "--json"]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.passed).toBe(2);
    expect(out.failed).toBe(0);
    expect(out.cases[0]).toMatchObject({
      name: "a failed pipeline starts a run",
      ok: true,
      expected: { status: 202, kind: "agent", mapping: "ci-failed" },
      actual: { status: 202, kind: "agent", mapping: "ci-failed", count: 1 },
    });
    expect(out.cases[0].actual.actions[0].sessionKey).toBe("hook:ci:acme/api");
    expect(out.coverage).toMatchObject({ total: 3, reached: 2, percent: 66 });
    expect(out.coverage.notReached).toEqual([
      { mapping: "never-tested", file: expect.stringContaining("ci.yaml") },
    ]);
  });

  test("cases that cannot run say why: a missing payload file, params in a rule file, sign without a verify", async () => {
    const rules = `mappings:
  - id: only
    match: { path: only }
    action: wake
    textTemplate: hi
tests:
  - name: missing file
    payloadFile: nowhere.json
    expect: { status: 200 }
  - name: params in a rule file
    params: { events: [push] }
    expect: { status: 200 }
  - name: sign without a verify
    sign: true
    expect: { status: 200 }
  - name: a bad pattern
    expect: { action: { text: { matches: "(" } } }
`;
    const dir = folder({ "hookgate.yaml": CONFIG, "rules/only.yaml": rules });
    const r = await run(["--config", join(dir, "hookgate.yaml")]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("cannot run: payloadFile nowhere.json: no such file");
    expect(r.stdout).toContain("cannot run: params: only a pack's cases take parameter values");
    expect(r.stdout).toContain('cannot run: sign: no mapping of path "only" has a verify');
    expect(r.stdout).toMatch(/cannot run: text: matches "\(" is no regular expression/);
    expect(r.stdout).toContain("4 cases: 0 passed, 4 failed");
  });

  test("a malformed case is a load error naming the field; exit 1", async () => {
    const rules = `mappings:
  - id: only
    match: { path: only }
    action: wake
    textTemplate: hi
tests:
  - name: no expectation
    payload: {}
`;
    const dir = folder({ "hookgate.yaml": CONFIG, "rules/only.yaml": rules });
    const r = await run(["--config", join(dir, "hookgate.yaml")]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/only\.yaml:7:5: tests\[0\]\.expect: required key is missing/);
    expect(r.stdout).toBe("");
  });

  test("signed cases: the verify's secret signs, a wrong secret is refused, and no secret is ever printed", async () => {
    const rules = `mappings:
  - id: gh-push
    match: { path: github, when: { "==": [{ var: headers.x-github-event }, push] } }
    action: wake
    verify: { scheme: github, secret: "${SECRET}" }
    # A template that shows the secret must not carry it into the output either.
    textTemplate: "push to {{ref}} (${SECRET})"
tests:
  - name: a signed push
    sign: true
    headers: { x-github-event: push }
    payload: { ref: refs/heads/main }
    expect: { status: 200, kind: wake, mapping: gh-push, action: { text: "push to main" } }
  - name: a wrong secret is refused
    sign: { secret: not-the-secret-at-all }
    headers: { x-github-event: push }
    payload: { ref: refs/heads/main }
    expect: { status: 401, kind: refused, reason: signature_invalid }
  - name: a forged signature header is refused
    headers: { x-github-event: push, x-hub-signature-256: "sha256=${"0".repeat(64)}" }
    expect: { status: 401, reason: "does not match" }
`;
    const dir = folder({ "hookgate.yaml": CONFIG, "rules/gh.yaml": rules });
    const text = await run(["--config", join(dir, "hookgate.yaml")]);
    expect(text.stdout).toMatch(/FAIL .*a signed push\n/);
    expect(text.stdout).toContain(
      'action.text: expected "push to main", got "push to refs/heads/main ([secret])"',
    );
    expect(text.stdout).toMatch(/PASS .*a wrong secret is refused\n/);
    expect(text.stdout).toMatch(/PASS .*a forged signature header is refused\n/);
    const json = await run(["--config", join(dir, "hookgate.yaml"), "--json"]);
    for (const out of [text.stdout, text.stderr, json.stdout, json.stderr]) {
      expect(out).not.toContain(SECRET);
      expect(out).not.toContain("not-the-secret-at-all");
      expect(out).not.toMatch(/sha256=[0-9a-f]{64}/);
    }
    expect(JSON.parse(json.stdout).cases[0].actual.actions[0].text).toBe(
      "push to refs/heads/main ([secret])",
    );
  });

  test("the HTTP side as the server answers it: Meta's GET check, a GET elsewhere, a body over the limit", async () => {
    const rules = `mappings:
  - id: wa
    match: { path: whatsapp }
    action: wake
    verify: { scheme: meta, secret: "app-secret-0123456789" }
    challenge: { kind: meta, verifyToken: "verify-token-123" }
    textTemplate: "{{object}}"
  - id: small
    match: { path: small }
    maxBodyBytes: 64
    action: wake
    textTemplate: "{{text}}"
tests:
  - name: the subscription check is answered with its challenge
    method: GET
    query: { hub.mode: subscribe, hub.verify_token: verify-token-123, hub.challenge: "1158201444" }
    expect: { status: 200, kind: challenge, mapping: wa }
  - name: a wrong verify token is refused
    method: GET
    query: { hub.mode: subscribe, hub.verify_token: guess, hub.challenge: "1158201444" }
    expect: { kind: refused, reason: VERIFY_TOKEN_INVALID }
  - name: a signed notification is taken
    sign: true
    payload: { object: whatsapp_business_account, entry: [] }
    expect: { status: 200, kind: wake, action: { text: whatsapp_business_account } }
  - name: GET where no mapping answers Meta's check
    path: small
    method: GET
    expect: { status: 405, kind: refused, reason: METHOD_NOT_ALLOWED }
  - name: a body over the path's limit
    path: small
    payload: { text: "${"x".repeat(100)}" }
    expect: { status: 413, kind: refused, reason: payload too large }
`;
    const dir = folder({ "hookgate.yaml": CONFIG, "rules/meta.yaml": rules });
    const r = await run(["--config", join(dir, "hookgate.yaml")]);
    expect(r.stdout).toContain("5 cases: 5 passed, 0 failed");
    expect(r.stdout).not.toContain("verify-token-123");
    expect(r.stdout).not.toContain("app-secret-0123456789");
    expect(r.code).toBe(0);
  });

  test("control characters from a payload are shown escaped, never sent to the terminal", async () => {
    const rules = `mappings:
  - id: echo
    match: { path: echo }
    action: wake
    textTemplate: "{{text}}"
tests:
  - name: escapes
    payload: { text: "a\\u001b[2Kb\\u0007" }
    expect: { action: { text: "x" } }
`;
    const dir = folder({ "hookgate.yaml": CONFIG, "rules/echo.yaml": rules });
    const r = await run(["--config", join(dir, "hookgate.yaml")]);
    expect(r.code).toBe(1);
    expect(r.stdout).not.toMatch(/[\x1b\x07]/);
    expect(r.stdout).toContain("action.text: expected");
  });

  test("usage mistakes answer with the help: --pack with --config, a percent over 100, --pack with a NAME", async () => {
    const cases = [
      [["--pack", "a.yaml", "--config", "b.yaml"], "give --config or --pack, not both"],
      [["--fail-under", "120"], '--fail-under "120": expected a percent, 0 to 100'],
      [["github", "--payload", "x.json", "--pack", "a.yaml"], "--pack and --fail-under run the test cases"],
      [["-H", "x: y"], "--header is for one request"],
    ] as const;
    for (const [argv, message] of cases) {
      const r = await run([...argv]);
      expect(r.code, argv.join(" ")).toBe(1);
      expect(r.stderr).toContain(message);
      expect(r.stderr).toContain("Usage: hookgate test");
    }
  });

  test("the example configuration's rule files: every case passes", async () => {
    const r = await run(["--config", "rules/examples/hookgate.example.yaml"]);
    expect(r.stdout).not.toContain("FAIL");
    expect(r.stdout).toMatch(/\d+ cases: \d+ passed, 0 failed/);
    expect(r.code).toBe(0);
    for (const file of ["github", "stripe", "alertmanager"]) {
      const one = await run(["--pack", `rules/examples/${file}.yaml`]);
      expect(one.stdout, file).toMatch(/coverage: (\d+) of \1 mappings reached by a case \(100%\)/);
      expect(one.code, file).toBe(0);
    }
  });

  test("compiles the configuration once: one transform worker for the checks and the cases", async () => {
    // The example's stripe rules call a transform; the mail pack's cases, compiled with their own
    // parameters, call none. Compiling the whole configuration twice started a worker pool twice.
    let workers = 0;
    const count = () => {
      workers++;
    };
    process.on("worker", count);
    try {
      const r = await run(["--config", "rules/examples/hookgate.example.yaml"]);
      expect(r.code, r.stdout + r.stderr).toBe(0);
    } finally {
      process.off("worker", count);
    }
    expect(workers).toBe(1);
  });
});

const PACK = `id: acme
version: 1.0.0
description: Acme's signed events.
params:
  secret: { type: string, secret: true, required: true, default: "\${ACME_SECRET}" }
  events: { type: array, items: { type: string }, default: [build.failed] }
  prefix: { type: string, default: "hook:acme:" }
verify: { scheme: slack, secret: "\${param:secret}" }
challenge: { kind: slack }
mappings:
  - id: acme-event
    match:
      path: acme
      when: { in: [{ var: payload.type }, "\${param:events}"] }
    action: agent
    sessionKey: "\${param:prefix}{{project}}"
    messageTemplate: "{{type}} in {{project}}: {{detail}}"
  - id: acme-form
    match: { path: acme-form }
    action: agent
    sessionKey: "\${param:prefix}form:{{channel_id}}"
    messageTemplate: "{{command}} {{text}}"
  - id: acme-other
    match: { path: acme }
    action: wake
    textTemplate: "acme {{type}}"
tests:
  - name: a failed build starts a run (signed with the test secret)
    sign: true
    payloadFile: fixtures/build-failed.json
    expect:
      status: 202
      kind: agent
      mapping: acme-event
      action: { sessionKey: "hook:acme:rocket", message: "build.failed in rocket: exit 2" }
  - name: params change what starts a run
    sign: true
    params: { events: [deploy.failed], prefix: "hook:other:" }
    payload: { type: deploy.failed, project: rocket, detail: timeout }
    expect: { kind: agent, action: { sessionKey: "hook:other:rocket" } }
  - name: with the defaults a deploy is only noted
    sign: true
    payload: { type: deploy.failed, project: rocket }
    expect: { status: 200, kind: wake, mapping: acme-other }
  - name: the handshake is answered
    sign: true
    payload: { type: url_verification, challenge: abc123 }
    expect: { status: 200, kind: challenge }
  - name: a form body
    path: acme-form
    form: true
    sign: true
    payload: { command: /deploy, text: rocket now, channel_id: C42 }
    expect: { kind: agent, mapping: acme-form, action: { message: "/deploy rocket now", sessionKey: "hook:acme:form:C42" } }
  - name: a wrong signature is refused
    sign: { secret: wrong-secret-value }
    payload: { type: build.failed }
    expect: { status: 401, kind: refused, reason: signature }
  - name: an unknown parameter
    params: { nope: 1 }
    payload: {}
    expect: { status: 200 }
`;

describe("hookgate test --pack (a pack file on its own)", () => {
  test("params over the defaults, a fixed test secret for sign, handshakes and forms", async () => {
    const dir = folder({
      "acme.yaml": PACK,
      "fixtures/build-failed.json": JSON.stringify({
        type: "build.failed",
        project: "rocket",
        detail: "exit 2",
      }),
    });
    const env = process.env["ACME_SECRET"];
    delete process.env["ACME_SECRET"];
    try {
      const r = await run(["--pack", join(dir, "acme.yaml")]);
      const lines = r.stdout.split("\n");
      for (const name of [
        "a failed build starts a run (signed with the test secret)",
        "params change what starts a run",
        "with the defaults a deploy is only noted",
        "the handshake is answered",
        "a form body",
        "a wrong signature is refused",
      ]) {
        expect(
          lines.find((l) => l.endsWith(`: ${name}`)),
          r.stdout,
        ).toMatch(/^PASS /);
      }
      expect(r.stdout).toMatch(/FAIL .*: an unknown parameter\n\s+cannot run: .*has no parameter nope/);
      expect(r.stdout).toContain("coverage: 3 of 3 mappings reached by a case (100%)");
      expect(r.stdout).not.toContain("wrong-secret-value");
      expect(r.code).toBe(1);
    } finally {
      if (env !== undefined) process.env["ACME_SECRET"] = env;
    }
  });
});
