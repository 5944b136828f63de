// What OpenClaw's senders send, over a real socket: the payloads of OpenClaw's webhook documentation
// (with the fields senders add of their own), its idempotency spellings, sessionMode and
// waitForCompletion, mixed-case agent ids, and mapped hooks written for OpenClaw. The answers follow
// the interface (202 for /agent) where it decides, and OpenClaw where it is silent.
import { createHmac } from "node:crypto";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ResolvedMapping } from "../../src/config/types.js";
import type { RunRecord } from "../../src/store/types.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const mapping = (m: Partial<ResolvedMapping> & Pick<ResolvedMapping, "id">): ResolvedMapping => ({
  origin: `hooks.mappings[${m.id}]`,
  action: "agent",
  ...m,
});

/** The /hooks/agent example of OpenClaw's webhook documentation, as senders copy it. */
const documentedAgent = {
  message: "Run this",
  name: "Email",
  agentId: "hooks",
  sessionKey: "hook:email:msg-123",
  wakeMode: "now",
  deliver: false,
  channel: "last",
  model: "openai/gpt-5.2-mini",
  thinking: "low",
  timeoutSeconds: 120,
};

describe("OpenClaw senders", () => {
  let s: TestServer;

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), "hookgate-openclaw-"));
    mkdirSync(join(dir, "hooks", "transforms"), { recursive: true });
    // A transform as OpenClaw users write them: node:crypto for the signature, ctx.url for routing.
    writeFileSync(
      join(dir, "hooks", "transforms", "signed.js"),
      `import crypto from "node:crypto";
export default function (ctx) {
  const secret = ctx.url.searchParams.get("team") === "ops" ? "ops-secret" : "dev-secret";
  const expected = crypto.createHmac("sha256", secret).update(JSON.stringify(ctx.payload)).digest("hex");
  const given = ctx.headers["x-signature"] ?? "";
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return null;
  return { kind: "wake", text: "signed " + ctx.payload.event + " for " + ctx.url.pathname + ctx.url.search, mode: "next-heartbeat" };
}
`,
    );
    s = await startTestServer({
      dir,
      hooks: {
        allowedAgentIds: ["hooks", "main", "ops"],
        allowRequestSessionKey: true,
        allowedSessionKeyPrefixes: ["hook:"],
        mappings: [
          // Written for OpenClaw: no action (agent by default) and payload keys named like helpers.
          mapping({
            id: "deploy",
            match: { path: "deploy" },
            name: "Deploy",
            messageTemplate: "{{service}} rolled back to {{default}}; details {{json}}",
          }),
          mapping({ id: "signed", match: { path: "signed" }, transform: { module: "signed.js" } }),
          mapping({
            id: "isolated",
            match: { path: "chat" },
            sessionKey: "hook:chat:{{thread}}",
            sessionMode: "isolated",
            messageTemplate: "{{text}}",
          }),
        ],
      },
      agents: {
        list: [
          { id: "main", runner: { kind: "echo" } },
          { id: "ops", runner: { kind: "echo" } },
          { id: "hooks", runner: { kind: "echo" } },
        ],
        defaultAgentId: "main",
      },
    });
  });
  afterAll(async () => {
    await s?.close();
  });

  const json = async (res: Response) => ({
    status: res.status,
    body: (await res.json()) as Record<string, unknown>,
  });
  const finished = async (runId: string): Promise<RunRecord> => {
    let run: RunRecord | null = null;
    await expect
      .poll(async () => {
        run = await s.runtime.store.getRun(runId);
        return run?.status;
      })
      .toBe("succeeded");
    return run!;
  };

  describe("payloads", () => {
    it("/agent: the documented payload with fields senders add of their own is accepted (202)", async () => {
      const res = await json(
        await s.post("/hooks/agent", {
          ...documentedAgent,
          source: "mail-watcher",
          priority: 3,
          padding: "x".repeat(1000),
          meta: { nested: [1, 2] },
        }),
      );
      expect(res.status).toBe(202);
      expect(res.body).toMatchObject({ ok: true, runId: expect.any(String) });
      const run = await finished(res.body["runId"] as string);
      expect(run).toMatchObject({
        name: "Email",
        sessionKey: "hook:email:msg-123",
        resolvedAgentId: "hooks",
      });
    });

    it("/wake: OpenClaw's newer wake fields (agentId, sessionKey) and extra fields are ignored (200)", async () => {
      const res = await json(
        await s.post("/hooks/wake", {
          text: "The sample import completed",
          mode: "now",
          agentId: "main",
          sessionKey: "hook:x",
          source: "cron",
        }),
      );
      expect(res).toEqual({ status: 200, body: { ok: true, mode: "now", eventOutcome: "queued" } });
    });

    it.each([
      ["/hooks/agent", { message: "x", deliver: "yes", extra: 1 }, "deliver must be a boolean"],
      ["/hooks/agent", { message: "x", timeoutSeconds: "120" }, "timeoutSeconds must be a number"],
      [
        "/hooks/agent",
        { message: "x", sessionMode: "shared" },
        "sessionMode must be one of: persistent, isolated",
      ],
      ["/hooks/agent", { message: "x", waitForCompletion: "true" }, "waitForCompletion must be a boolean"],
      ["/hooks/agent", { message: "x", idempotencyKey: 42 }, "idempotencyKey must be a string"],
      ["/hooks/agent", { name: "no message", source: "x" }, "message required"],
      ["/hooks/wake", { text: 5, source: "x" }, "text must be a string"],
      ["/hooks/wake", { text: "x", mode: "later" }, "mode must be one of: now, next-heartbeat"],
    ])("%s %j: a known field of the wrong kind stays 400 naming it", async (path, body, error) => {
      const res = await json(await s.post(path, body));
      expect(res).toEqual({ status: 400, body: { ok: false, error, code: "INVALID_PAYLOAD" } });
    });
  });

  describe("idempotency spellings", () => {
    it("the body's idempotencyKey makes a retry return the first run", async () => {
      const body = { message: "Summarize build 88", idempotencyKey: "build-88" };
      const first = await s.post("/hooks/agent", body);
      const again = await s.post("/hooks/agent", body);
      expect(first.status).toBe(202);
      expect(again.status).toBe(202);
      expect(again.headers.get("idempotent-replay")).toBe("true");
      expect(await again.json()).toEqual(await first.json());
    });

    it("the X-OpenClaw-Idempotency-Key header works like Idempotency-Key, on /wake too", async () => {
      const headers = { "x-openclaw-idempotency-key": "wake-17" };
      const first = await s.post("/hooks/wake", { text: "disk 3 almost full" }, { headers });
      const again = await s.post("/hooks/wake", { text: "disk 3 almost full" }, { headers });
      expect(first.status).toBe(200);
      expect(again.headers.get("idempotent-replay")).toBe("true");
    });

    it("several spellings with the same key are one key", async () => {
      const headers = { "idempotency-key": "same-1", "x-openclaw-idempotency-key": "same-1" };
      const body = { message: "once", idempotencyKey: " same-1 " };
      const first = (await json(await s.post("/hooks/agent", body, { headers }))).body;
      const again = await s.post("/hooks/agent", body, { headers: { "idempotency-key": "same-1" } });
      // The key is the same; the body is too, so the second request is a replay.
      expect(again.headers.get("idempotent-replay")).toBe("true");
      expect(await again.json()).toEqual(first);
    });

    it.each([
      [
        { "idempotency-key": "a" },
        { message: "m", idempotencyKey: "b" },
        "Idempotency-Key and idempotencyKey carry different keys; send one key, or the same key in each",
      ],
      [
        { "idempotency-key": "a", "x-openclaw-idempotency-key": "b" },
        { message: "m" },
        "Idempotency-Key and X-OpenClaw-Idempotency-Key carry different keys; send one key, or the same key in each",
      ],
      [
        { "x-openclaw-idempotency-key": "k".repeat(257) },
        { message: "m" },
        "X-OpenClaw-Idempotency-Key must be 1 to 256 characters",
      ],
    ])(
      "contradicting or bad keys are refused clearly and start nothing: %j",
      async (headers, body, error) => {
        const before = (await s.runtime.store.listRuns({ limit: 1000 })).length;
        const res = await json(await s.post("/hooks/agent", body, { headers }));
        expect(res).toEqual({ status: 400, body: { ok: false, error, code: "INVALID_IDEMPOTENCY_KEY" } });
        expect((await s.runtime.store.listRuns({ limit: 1000 })).length).toBe(before);
      },
    );

    it("on a mapped hook, a body field named idempotencyKey is the sender's data, not a key", async () => {
      const body = { service: "api", default: "v41", idempotencyKey: "not-a-key" };
      const a = await s.post("/hooks/deploy", body);
      const b = await s.post("/hooks/deploy", body);
      expect(b.headers.get("idempotent-replay")).toBeNull();
      const [first, second] = [(await a.json()) as { runId: string }, (await b.json()) as { runId: string }];
      expect(first.runId).not.toBe(second.runId);
    });
  });

  describe("sessionMode", () => {
    const send = async (body: Record<string, unknown>) => {
      const res = await json(await s.post("/hooks/agent", body));
      expect(res.status).toBe(202);
      return finished(res.body["runId"] as string);
    };

    it("persistent (this server's default) continues the session's conversation", async () => {
      await send({ message: "first", sessionKey: "hook:thread:p" });
      const second = await send({ message: "second", sessionKey: "hook:thread:p" });
      expect(second.prompt?.transcriptMessages).toBe(2);
      expect(second.sessionMode).toBe("persistent");
    });

    it("isolated starts from an empty conversation and leaves nothing in the session's", async () => {
      await send({ message: "first", sessionKey: "hook:thread:i" });
      const isolated = await send({
        message: "second",
        sessionKey: "hook:thread:i",
        sessionMode: "isolated",
      });
      expect(isolated.prompt?.transcriptMessages).toBe(0);
      expect(isolated.sessionMode).toBe("isolated");
      const third = await send({ message: "third", sessionKey: "hook:thread:i" });
      // Only the first run's exchange is there: the isolated run added nothing.
      expect(third.prompt?.transcriptMessages).toBe(2);
    });

    it("a mapping's sessionMode applies to its runs", async () => {
      await send({ message: "earlier", sessionKey: "hook:chat:t1" });
      const res = await json(await s.post("/hooks/chat", { thread: "t1", text: "again" }));
      const run = await finished(res.body["runId"] as string);
      expect(run).toMatchObject({ sessionKey: "hook:chat:t1", sessionMode: "isolated" });
      expect(run.prompt?.transcriptMessages).toBe(0);
    });
  });

  it("waitForCompletion: true is accepted and answered at once with 202 and the runId", async () => {
    const res = await json(await s.post("/hooks/agent", { message: "long job", waitForCompletion: true }));
    expect(res).toEqual({ status: 202, body: { ok: true, runId: expect.any(String) } });
  });

  describe("agent ids in any case", () => {
    it("OPS is allowed by allowedAgentIds [ops] and runs agent ops", async () => {
      const res = await json(await s.post("/hooks/agent", { message: "page", agentId: "OPS" }));
      expect(res.status).toBe(202);
      expect((await finished(res.body["runId"] as string)).resolvedAgentId).toBe("ops");
    });

    it("an id outside the list is refused in any case", async () => {
      const res = await json(await s.post("/hooks/agent", { message: "page", agentId: "SALES" }));
      expect(res).toEqual({
        status: 400,
        body: {
          ok: false,
          error: "agentId is not allowed by hooks.allowedAgentIds",
          code: "AGENT_NOT_ALLOWED",
        },
      });
    });
  });

  it("a mapping written for OpenClaw: no action means agent, {{default}} and {{json}} read the payload", async () => {
    const res = await json(
      await s.post("/hooks/deploy", { service: "api", default: "v41", json: { by: "ci" } }),
    );
    expect(res.status).toBe(202);
    const run = await finished(res.body["runId"] as string);
    expect(run.prompt?.message).toContain('api rolled back to v41; details {"by":"ci"}');
  });

  it("a transform using node:crypto and ctx.url: the right signature gets a wake, a forged one a 204", async () => {
    const payload = { event: "deploy", id: 7 };
    const signature = createHmac("sha256", "ops-secret").update(JSON.stringify(payload)).digest("hex");
    const good = await s.post("/hooks/signed?team=ops", payload, { headers: { "x-signature": signature } });
    expect(await good.json()).toEqual({ ok: true, mode: "next-heartbeat", eventOutcome: "queued" });
    const events = await s.runtime.store.listEvents({ limit: 50 });
    expect(events.map((e) => e.text)).toContain("signed deploy for /hooks/signed?team=ops");
    const forged = await s.post("/hooks/signed?team=dev", payload, { headers: { "x-signature": signature } });
    expect(forged.status).toBe(204);
  });
});
