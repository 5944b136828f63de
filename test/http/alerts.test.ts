// Alerts to a fake chat API server (the contract fake of Telegram's Bot API): one message when an
// issue opens and one when it closes, not one per failure; never a token, a secret or a payload's text;
// and 10,000 bad signatures from 1,000 addresses send at most what the interval allows.
import { createHmac } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ResolvedMapping } from "../../src/config/types.js";
import { MAX_ADDRESSES } from "../../src/runtime/issues.js";
import { type ChannelFake, channelFake } from "../helpers/fake-channels.js";
import { startTestServer, TEST_TOKEN, type TestServer } from "../helpers/server.js";

const SECRET = "github-secret-of-the-alerts-test";

const mapping = (m: Partial<ResolvedMapping> & Pick<ResolvedMapping, "id" | "action">): ResolvedMapping => ({
  origin: `hooks.mappings[${m.id}]`,
  ...m,
});

async function serverWithAlerts(
  fake: ChannelFake,
  minIntervalMs: number,
  requestLog = true,
): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), "hookgate-alerts-"));
  writeFileSync(
    join(dir, "agent.mjs"),
    'let m = ""; process.stdin.on("data", (c) => (m += c)); process.stdin.on("end", () => { if (m.includes("FAIL")) { console.error("model refused: quota"); process.exit(3); } console.log("done"); });\n',
  );
  return startTestServer({
    dir,
    hooks: {
      mappings: [
        mapping({
          id: "task",
          action: "agent",
          match: { path: "task" },
          messageTemplate: "{{text}}",
          // Nothing but the alerts goes to the chat: no reply, no heartbeat.
          deliver: false,
          wakeMode: "next-heartbeat",
        }),
        mapping({
          id: "gh",
          action: "wake",
          match: { path: "github" },
          verify: { scheme: "github", secret: SECRET },
          textTemplate: "push",
        }),
      ],
    },
    agents: { list: [{ id: "main", runner: { kind: "command", command: [process.execPath, "agent.mjs"] } }] },
    channels: fake.channels,
    server: { trustProxy: ["127.0.0.1"], logLevel: "warn" },
    alerts: { channel: "telegram", to: "4242", minIntervalMs },
    requestLog: { enabled: requestLog },
  });
}

describe("alerts", () => {
  let fake: ChannelFake;
  let s: TestServer;

  beforeAll(async () => {
    fake = await channelFake("telegram");
    s = await serverWithAlerts(fake, 1000);
  });
  afterAll(async () => {
    await s?.close();
    await fake?.close();
  });

  it("one message when an issue opens (not one per failure), one when it closes", async () => {
    for (let i = 0; i < 4; i++) {
      expect((await s.post("/hooks/task", { text: `FAIL secret-payload-text-${i}` })).status).toBe(202);
    }
    await s.runtime.idle();
    await s.runtime.issues.flush();
    await expect.poll(() => fake.posted.map((p) => p.text), { timeout: 10_000 }).toHaveLength(1);
    const [opened] = fake.posted;
    expect(opened!.to).toBe("4242");
    expect(opened!.text).toMatch(
      /^hookgate: issue #\d+ opened: runs failing for agent main \(RUN_FAILED\), \d failures? since /,
    );
    expect(opened!.text).toContain("hookgate issues show");

    expect((await s.post("/hooks/task", { text: "fine now" })).status).toBe(202);
    await s.runtime.idle();
    await s.runtime.issues.flush();
    // The interval (1 s here) holds the second message back until it has passed.
    await expect.poll(() => fake.posted.length, { timeout: 10_000 }).toBe(2);
    expect(fake.posted[1]!.text).toMatch(
      /^hookgate: issue #\d+ closed: runs failing for agent main works again at .*, after 4 failures \(RUN_FAILED\)$/,
    );
    for (const p of fake.posted) {
      expect(p.text).not.toContain("secret-payload-text");
      expect(p.text).not.toContain(TEST_TOKEN);
      expect(p.text).not.toContain("quota");
    }
  });
});

describe("alerts under attack", () => {
  it("10,000 bad signatures from 1,000 addresses send at most what the interval allows", async () => {
    const fake = await channelFake("telegram");
    // Without a request log: what is under test is the issues and the alerts, and writing 10,000
    // log rows after the fact would only make the test slower.
    const s = await serverWithAlerts(fake, 3_600_000, false);
    try {
      const started = Date.now();
      const body = JSON.stringify({ ref: "main" });
      const badSignature = `sha256=${createHmac("sha256", "not-the-secret").update(body).digest("hex")}`;
      let next = 0;
      const statuses = new Map<number, number>();
      const sender = async () => {
        for (let i = next++; i < 10_000; i = next++) {
          const r = await s.post("/hooks/github", body, {
            token: null,
            headers: {
              "x-hub-signature-256": badSignature,
              "x-forwarded-for": `203.0.${Math.floor((i % 1000) / 250)}.${i % 250}`,
            },
          });
          statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
          await r.arrayBuffer();
        }
      };
      await Promise.all(Array.from({ length: 32 }, sender));

      expect(statuses.get(401)).toBe(10_000);
      await s.runtime.issues.flush();
      await s.runtime.issues.flush();
      const issues = await s.runtime.store.listIssues({ limit: 1000 });
      // Every failure counted, in a bounded number of issues.
      expect(issues.length).toBeLessThanOrEqual(MAX_ADDRESSES + 1);
      expect(issues.reduce((n, i) => n + i.count, 0)).toBe(10_000);
      await expect.poll(() => fake.posted.length, { timeout: 10_000 }).toBeGreaterThan(0);
      const allowed = 1 + Math.floor((Date.now() - started) / 3_600_000);
      expect(fake.posted.length).toBeLessThanOrEqual(allowed);
      const text = fake.posted.map((p) => p.text).join("\n");
      expect(text).toContain("signatures failing on /github");
      expect(text).not.toContain(badSignature.slice(7, 30));
      expect(text).not.toContain(SECRET);
    } finally {
      await s.close();
      await fake.close();
    }
  }, 240_000);
});
