// The request log over a real socket and a real SQLite file: every request under hooks.path recorded
// with its decision, answer and timings; credentials never kept; bodies cut at requestLog.maxBodyBytes;
// retention pruning it with the other tables.
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../src/log.js";
import { startRetention } from "../../src/runtime/retention.js";
import type { RequestLogRecord } from "../../src/store/types.js";
import { startTestServer, TEST_TOKEN, type TestServer } from "../helpers/server.js";

const mappings = [
  {
    id: "gh-issue",
    origin: "hooks.mappings[0]",
    action: "agent" as const,
    match: { path: "github", when: { "==": [{ var: "headers.x-github-event" }, "issues"] } },
    messageTemplate: "Issue {{issue.title}}",
  },
];

/** The entry of the request that carried `marker` in its body, once the writer stored it. */
async function entryWith(s: TestServer, marker: string): Promise<RequestLogRecord> {
  let found: RequestLogRecord | undefined;
  await expect
    .poll(async () => {
      const rows = await s.runtime.store.listRequests({ limit: 200 });
      found = rows.find((r) => r.body && new TextDecoder().decode(r.body).includes(marker));
      return found !== undefined;
    })
    .toBe(true);
  return found!;
}

describe("request log", () => {
  let s: TestServer;

  beforeAll(async () => {
    s = await startTestServer({ hooks: { mappings }, requestLog: { enabled: true, maxBodyBytes: 200 } });
  });
  afterAll(() => s.close());

  it("keeps an accepted request: decision, run, timings; token left out, signature [removed]", async () => {
    const r = await s.post(
      "/hooks/github?delivery=42&token_hint=x",
      { issue: { title: "Login broken" }, marker: "m-accepted" },
      {
        headers: {
          "x-github-event": "issues",
          "x-hub-signature-256": "sha256=abcdef",
          "x-openclaw-token": TEST_TOKEN,
        },
      },
    );
    expect(r.status).toBe(202);
    const { runId } = (await r.json()) as { runId: string };
    const e = await entryWith(s, "m-accepted");
    expect(e).toMatchObject({
      method: "POST",
      hook: "github",
      status: 202,
      outcome: "agent",
      mappingId: "gh-issue",
      runId,
      client: "127.0.0.1",
      bodyCut: false,
      query: { delivery: "42", token_hint: "[removed]" },
      decision: {
        kind: "agent",
        action: { message: "Issue Login broken" },
        verdict: { channel: "last", sessionKeyGenerated: true },
      },
    });
    expect(e.headers["x-github-event"]).toBe("issues");
    expect(e.headers["x-hub-signature-256"]).toBe("[removed]");
    expect(e.headers).not.toHaveProperty("authorization");
    expect(e.headers).not.toHaveProperty("x-openclaw-token");
    expect(e.removedHeaders.sort()).toEqual(["authorization", "x-hub-signature-256", "x-openclaw-token"]);
    expect(e.timings.totalMs).toBeGreaterThan(0);
    expect(e.timings.decideMs).toBeGreaterThanOrEqual(0);
    expect(e.rulesDigest).toMatch(/^[\w-]{16}$/);
    // Kept whole, so no digest: replay compares the action itself.
    expect(e.decision).not.toHaveProperty("actionDigest");
  });

  it("keeps refusals: no mapping (404) with the sentence the client got", async () => {
    const r = await s.post(
      "/hooks/github",
      { marker: "m-nomatch" },
      { headers: { "x-github-event": "push" } },
    );
    expect(r.status).toBe(404);
    const e = await entryWith(s, "m-nomatch");
    expect(e).toMatchObject({
      status: 404,
      outcome: "refused",
      code: "HOOK_NOT_FOUND",
      error: "no hook mapping matches /hooks/github",
      decision: { kind: "refused" },
    });
    expect(e.mappingId).toBeUndefined();
  });

  it("keeps what was refused before the rules, without reading the body: wrong token, wrong method", async () => {
    const before = Date.now();
    await s.post("/hooks/github", { marker: "m-unauth" }, { token: "wrong-token-wrong-token-1234" });
    await fetch(`${s.url}/hooks/github`, { method: "GET" });
    let rows: RequestLogRecord[] = [];
    await expect
      .poll(async () => {
        rows = (await s.runtime.store.listRequests({ limit: 50, since: before })).filter(
          (x) => x.outcome === "rejected",
        );
        return rows.length;
      })
      .toBeGreaterThanOrEqual(2);
    const unauth = rows.find((x) => x.code === "UNAUTHORIZED")!;
    expect(unauth).toMatchObject({ status: 401, hook: "", bodyBytes: 0 });
    expect(unauth.body).toBeUndefined();
    expect(rows.find((x) => x.code === "METHOD_NOT_ALLOWED")).toMatchObject({ status: 405, method: "GET" });
  });

  it("cuts a body at requestLog.maxBodyBytes and says so", async () => {
    const long = "x".repeat(500);
    await s.post("/hooks/wake", { text: long });
    await expect
      .poll(async () =>
        (await s.runtime.store.listRequests({ limit: 50, hook: "wake" })).find((x) => x.bodyCut),
      )
      .toBeDefined();
    const e = (await s.runtime.store.listRequests({ limit: 50, hook: "wake" })).find((x) => x.bodyCut)!;
    expect(e.body?.length).toBe(200);
    expect(e.bodyBytes).toBeGreaterThan(500);
    expect(e).toMatchObject({ outcome: "wake", decision: { kind: "wake", action: { text: long } } });
  });

  it("redacts credentials by name in query, headers and body, and the hook token wherever it turns up", async () => {
    const r = await fetch(
      `${s.url}/hooks/wake?api_key=q-api-key-1&sig=q-sig-1&code=q-code-1&key=q-key-1&auth=q-auth-1&jwt=q-jwt-1&page=2`,
      {
        method: "POST",
        headers: {
          authorization: `Bearer ${TEST_TOKEN}`,
          "content-type": "application/json",
          "x-authorization": "h-x-authorization",
          "x-auth-key": "h-x-auth-key",
          "x-functions-key": "h-x-functions-key",
          authentication: "h-authentication",
          "x-api_key": "h-x-api-key",
          "x-forwarded-secretish": "nothing",
          "x-custom": `Token ${TEST_TOKEN}`,
        },
        body: JSON.stringify({
          text: "m-redacted",
          auth: { client_secret: "b-client-secret", nested: [{ access_token: "b-access-token" }] },
          note: `pasted ${TEST_TOKEN} here`,
        }),
      },
    );
    expect(r.status).toBe(200);
    const e = await entryWith(s, "m-redacted");
    expect(e.query).toEqual({
      api_key: "[removed]",
      sig: "[removed]",
      code: "[removed]",
      key: "[removed]",
      auth: "[removed]",
      jwt: "[removed]",
      page: "2",
    });
    for (const h of [
      "x-authorization",
      "x-auth-key",
      "x-functions-key",
      "authentication",
      "x-api_key",
      "x-custom",
    ]) {
      expect(e.headers[h]).toBe("[removed]");
    }
    const body = JSON.parse(new TextDecoder().decode(e.body)) as Record<string, unknown>;
    expect(body).toEqual({
      text: "m-redacted",
      auth: { client_secret: "[removed]", nested: [{ access_token: "[removed]" }] },
      note: "pasted [removed] here",
    });
  });

  it("never writes the hook token into the store file", async () => {
    await s.post("/hooks/wake", { text: "flush" });
    await s.close();
    const file = s.config.store.kind === "sqlite" ? s.config.store.path : "";
    const bytes = Buffer.concat([readFileSync(file), readFileSync(`${file}-wal`, { flag: "a+" })]);
    expect(bytes.includes(Buffer.from(TEST_TOKEN))).toBe(false);
    for (const leaked of ["q-api-key-1", "h-x-functions-key", "b-client-secret", "b-access-token"]) {
      expect(bytes.includes(Buffer.from(leaked))).toBe(false);
    }
    expect(bytes.includes(Buffer.from("m-accepted"))).toBe(true);
  });
});

describe("request log of a signed request", () => {
  it("says which verify the request passed and keeps no signature, under whatever header name", async () => {
    const secret = "deploy-secret-of-this-test";
    const s = await startTestServer({
      hooks: {
        mappings: [
          {
            id: "deploy",
            origin: "hooks.mappings[0]",
            action: "wake" as const,
            match: { path: "deploy" },
            verify: { scheme: "hmac", header: "x-deploy-sig", secret },
            textTemplate: "Deployed {{service}}",
          },
        ],
      },
      requestLog: { enabled: true, maxBodyBytes: 200 },
    });
    try {
      const body = JSON.stringify({ service: "api", marker: "m-signed" });
      const sig = createHmac("sha256", secret).update(body).digest("hex");
      const r = await s.post("/hooks/deploy", body, { token: null, headers: { "x-deploy-sig": sig } });
      expect(r.status).toBe(200);
      const e = await entryWith(s, "m-signed");
      expect(e).toMatchObject({ status: 200, outcome: "wake", mappingId: "deploy", verified: "hmac" });
      expect(e.headers["x-deploy-sig"]).toBe("[removed]");
      expect(JSON.stringify(e)).not.toContain(sig);
    } finally {
      await s.close();
    }
  });
});

describe("request log settings and retention", () => {
  it("requestLog.enabled: false keeps nothing", async () => {
    const s = await startTestServer({ requestLog: { enabled: false, maxBodyBytes: 100 } });
    try {
      await s.post("/hooks/wake", { text: "hello" });
      await s.post("/hooks/wake", { text: "hello" }, { token: null });
      expect(await s.runtime.store.listRequests({ limit: 10 })).toEqual([]);
    } finally {
      await s.close();
    }
  });

  it("retention prunes the request log with the other tables, keeping the newest rows", async () => {
    const s = await startTestServer({ requestLog: { enabled: true, maxBodyBytes: 100 } });
    try {
      for (let i = 0; i < 6; i++) await s.post("/hooks/wake", { text: `n${i}` });
      await expect.poll(async () => (await s.runtime.store.listRequests({ limit: 10 })).length).toBe(6);
      const retention = startRetention(
        s.runtime.store,
        { maxAgeMs: 0, maxRows: 4, pruneEveryMs: 3_600_000 },
        createLogger("silent"),
      );
      const deleted = await retention.pruneNow();
      await retention.stop();
      expect(deleted.requests).toBe(2);
      const texts = (await s.runtime.store.listRequests({ limit: 10 })).map(
        (r) => (r.decision!.action as { text: string }).text,
      );
      expect(texts).toEqual(["n5", "n4", "n3", "n2"]);
    } finally {
      await s.close();
    }
  });
});
