// `hookgate replay` end to end: a real server logs requests, then replay re-decides them with the same
// config (nothing changes), with a new one (a request refused then is accepted now, an action field
// changes), explains one request by its id, and --send posts it again to a running server.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Child, listeningUrl, runCli } from "../helpers/child.js";

const TOKEN = "replay-token-0123456789abcdefghij";
const children: Child[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.proc.exitCode === null) c.proc.kill("SIGKILL");
});

function config(dir: string, name: string, rules: string[]): string {
  const file = join(dir, name);
  writeFileSync(
    file,
    [
      "server: { host: 127.0.0.1, port: 0 }",
      "hooks:",
      "  enabled: true",
      `  token: ${TOKEN}`,
      "  mappings:",
      ...rules,
      'heartbeat: { every: "0" }',
      "store: { path: state.db }",
      "",
    ].join("\n"),
  );
  return file;
}

const ISSUES = [
  "    - id: gh-issue",
  "      match: { path: github, when: { '==': [{ var: headers.x-github-event }, issues] } }",
  "      action: agent",
  '      messageTemplate: "Issue: {{issue.title}}"',
];
const ISSUES_V2 = [...ISSUES.slice(0, 3), '      messageTemplate: "New issue {{issue.title}}"'];
const PUSH = [
  "    - id: gh-push",
  "      match: { path: github, when: { '==': [{ var: headers.x-github-event }, push] } }",
  "      action: wake",
  '      textTemplate: "Push to {{ref}}"',
];

async function cli(
  args: string[],
  cwd: string,
): Promise<{ code: number | string; out: string; err: string }> {
  const c = runCli(args, { cwd });
  children.push(c);
  const code = await c.exited;
  return { code, out: c.stdout(), err: c.stderr() };
}

async function serve(file: string, cwd: string): Promise<{ url: string; child: Child }> {
  const child = runCli(["serve", "--config", file], { cwd });
  children.push(child);
  return { url: await listeningUrl(child), child };
}

const post = (url: string, path: string, body: unknown, headers: Record<string, string>, token = TOKEN) =>
  fetch(`${url}/hooks/${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });

describe("hookgate replay", () => {
  let dir: string;
  let v1: string;
  let v2: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "hookgate-replay-"));
    v1 = config(dir, "hookgate.yaml", ISSUES);
    v2 = config(dir, "new.yaml", [...ISSUES_V2, ...PUSH]);
    const { url, child } = await serve(v1, dir);
    expect(
      (await post(url, "github", { issue: { title: "Login broken" } }, { "x-github-event": "issues" }))
        .status,
    ).toBe(202);
    expect((await post(url, "github", { ref: "refs/heads/main" }, { "x-github-event": "push" })).status).toBe(
      404,
    );
    expect((await post(url, "wake", { text: "x" }, {}, "wrong-token-wrong-token-0000")).status).toBe(401);
    child.proc.kill("SIGTERM");
    expect(await child.exited).toBe(0);
  });

  it("with the config that decided them: nothing changes", async () => {
    const r = await cli(["replay", "--config", v1], dir);
    expect(r.code).toBe(0);
    expect(r.out).toContain("3 logged requests");
    expect(r.out).toContain(
      "2 re-decided: 2 unchanged, 0 changed (0 now accepted, 0 now refused); 1 not re-decided",
    );
  });

  it("with a new config: the push refused then is accepted now, the issue's message changes", async () => {
    const r = await cli(["replay", "--config", v2, "--store", join(dir, "state.db")], dir);
    expect(r.code).toBe(0);
    expect(r.out).toContain("then: 404 HOOK_NOT_FOUND — no hook mapping matches /hooks/github");
    expect(r.out).toContain("now:  200 wake by gh-push");
    expect(r.out).toContain("- now accepted (was refused with HOOK_NOT_FOUND)");
    expect(r.out).toContain("- mapping: (none) → gh-push");
    expect(r.out).toContain('- message: "Issue: Login broken" → "New issue Login broken"');
    expect(r.out).toContain("(the rules have changed since this request was decided)");
    expect(r.out).toContain("2 re-decided: 0 unchanged, 2 changed (1 now accepted, 0 now refused)");

    const j = await cli(["replay", "--config", v2, "--json", "--all"], dir);
    const rows = JSON.parse(j.out) as {
      id: string;
      hook: string;
      replayable: boolean;
      why?: string;
      then: { code?: string };
      now?: { decision: string; mappingId?: string };
      changes?: { kind: string }[];
    }[];
    expect(rows).toHaveLength(3);
    const push = rows.find((x) => x.then.code === "HOOK_NOT_FOUND")!;
    expect(push.now).toMatchObject({ decision: "wake", mappingId: "gh-push" });
    expect(push.changes?.map((c) => c.kind)).toEqual(["accepted-now", "mapping"]);
    const unauth = rows.find((x) => x.then.code === "UNAUTHORIZED")!;
    expect(unauth).toMatchObject({ replayable: false });
    expect(unauth.why).toContain("refused before the rules");
  });

  it("one request by the start of its id, with --explain: why it was refused", async () => {
    const j = await cli(["replay", "--config", v1, "--json", "--all"], dir);
    const push = (JSON.parse(j.out) as { id: string; then: { code?: string } }[]).find(
      (x) => x.then.code === "HOOK_NOT_FOUND",
    )!;
    // Ids begin with the time received: the start that names one request reaches into the random part.
    const r = await cli(["replay", "--config", v1, "--id", push.id.slice(0, 28), "--explain"], dir);
    expect(r.code).toBe(0);
    expect(r.out).toContain(push.id);
    expect(r.out).toContain("unchanged");
    expect(r.out).toContain("✗ gh-issue (hooks.mappings[0]): when did not hold");
    expect(r.out).toContain('saw:      false; headers.x-github-event = "push"');
  });

  it("a start of an id several requests share: names them and picks none", async () => {
    const j = await cli(["replay", "--config", v1, "--json", "--all"], dir);
    const ids = (JSON.parse(j.out) as { id: string }[]).map((x) => x.id);
    expect(ids).toHaveLength(3);
    for (const id of ids)
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // Received within moments of each other, they share the first digits of their time.
    let shared = ids[0]!;
    while (!ids.every((id) => id.startsWith(shared))) shared = shared.slice(0, -1);
    expect(shared.length).toBeGreaterThanOrEqual(2);
    const r = await cli(["replay", "--config", v1, "--id", shared], dir);
    expect(r.code).toBe(1);
    expect(r.out).toBe("");
    expect(r.err).toContain(`3 logged requests have ids starting with "${shared}"; give more of the id:`);
    for (const id of ids) expect(r.err).toContain(id);
  });

  it("needs none of the server's secrets to re-decide (unset variables, unreadable secret files)", async () => {
    // The server's secrets are set in its own environment, not in the shell replay runs in.
    const file = join(dir, "secrets.yaml");
    writeFileSync(
      file,
      readFileSync(v1, "utf8").replace(
        'heartbeat: { every: "0" }',
        [
          "  presets: [stripe]",
          "channels:",
          // biome-ignore lint/suspicious/noTemplateCurlyInString: config syntax.
          '  telegram: { botToken: "${HOOKGATE_TEST_UNSET_TELEGRAM_TOKEN}" }',
          // biome-ignore lint/suspicious/noTemplateCurlyInString: config syntax.
          '  slack: { botToken: "${file:/nonexistent/slack-token}" }',
          'heartbeat: { every: "0" }',
        ].join("\n"),
      ),
    );
    const env = { STRIPE_WEBHOOK_SECRET: undefined, HOOKGATE_TEST_UNSET_TELEGRAM_TOKEN: undefined };
    const c = runCli(["replay", "--config", file], { cwd: dir, env });
    children.push(c);
    expect(await c.exited).toBe(0);
    expect(c.stdout()).toContain("2 re-decided: 2 unchanged, 0 changed");
    expect(c.stderr()).toBe(
      "hookgate replay: not set here, so read as written (replay checks no signature and sends nothing): HOOKGATE_TEST_UNSET_TELEGRAM_TOKEN, STRIPE_WEBHOOK_SECRET, file:/nonexistent/slack-token\n",
    );
    // Sending needs them: it is the server's token that authenticates.
    const send = runCli(["replay", "--config", file, "--send"], { cwd: dir, env });
    children.push(send);
    expect(await send.exited).toBe(1);
    expect(send.stderr()).toContain("HOOKGATE_TEST_UNSET_TELEGRAM_TOKEN is not set");
  });

  it("--send posts it again to a running server, once", async () => {
    const j = await cli(["replay", "--config", v2, "--json"], dir);
    const push = (JSON.parse(j.out) as { id: string; then: { code?: string } }[]).find(
      (x) => x.then.code === "HOOK_NOT_FOUND",
    )!;
    const { url, child } = await serve(v2, dir);
    const first = await cli(["replay", "--config", v2, "--id", push.id, "--send", "--url", url], dir);
    expect(first.code).toBe(0);
    expect(first.out).toContain(
      `sent ${push.id} to /github: 200 {"ok":true,"mode":"now","eventOutcome":"queued"}`,
    );
    const again = await cli(
      ["replay", "--config", v2, "--id", push.id, "--send", "--url", url, "--json"],
      dir,
    );
    const sent = (JSON.parse(again.out) as { sent: { status: number; body: string }[] }).sent;
    expect(sent).toEqual([
      { id: push.id, status: 200, body: '{"ok":true,"mode":"now","eventOutcome":"queued"}' },
    ]);
    child.proc.kill("SIGTERM");
    expect(await child.exited).toBe(0);
    const events = await cli(["events", "--config", v2, "--json"], dir);
    expect(events.err).toBe("");
    // Sent twice, stored once: the second send was an Idempotency-Key repeat.
    expect(
      (JSON.parse(events.out) as { text: string }[]).filter((e) => e.text === "Push to refs/heads/main"),
    ).toHaveLength(1);
  });

  it("explains bad arguments", async () => {
    const r = await cli(["replay", "--since", "yesterday"], dir);
    expect(r.code).toBe(1);
    expect(r.err).toContain('--since "yesterday": expected a duration back from now (30m, 2h, 7d) or a time');
  });
});
