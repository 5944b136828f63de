// The http runner against a real HTTP agent that verifies every request with the standardwebhooks
// package (not hookgate's signer): a 200 {reply} ends the run; a 202 makes hookgate wait for the
// agent's POST to the run's callback URL, which works once and only with its token (across
// instances: test/e2e/run-callbacks-shared.test.ts).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterEach, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../helpers/server.js";

const SECRET = `whsec_${Buffer.from("a secret of thirty-two bytes!!!!").toString("base64")}`;

interface Received {
  headers: IncomingMessage["headers"];
  raw: string;
  body: { runId: string; callbackUrl?: string; message: string; sessionKey: string; type: string };
  verified: boolean;
}

type Answer = (
  r: Received,
  i: number,
) => { status: number; body?: unknown; headers?: Record<string, string> };

let agent: { url: string; received: Received[]; close(): Promise<void> } | undefined;
let server: TestServer | undefined;

afterEach(async () => {
  await server?.close();
  await agent?.close();
  server = undefined;
  agent = undefined;
});

async function startAgent(answer: Answer) {
  const received: Received[] = [];
  const wh = new Webhook(SECRET);
  const srv = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      let verified = true;
      try {
        wh.verify(raw, req.headers as Record<string, string>);
      } catch {
        verified = false;
      }
      const r: Received = { headers: req.headers, raw, body: JSON.parse(raw), verified };
      received.push(r);
      const a = verified ? answer(r, received.length - 1) : { status: 401, body: { error: "bad signature" } };
      res.writeHead(a.status, { "content-type": "application/json", ...a.headers });
      res.end(a.body === undefined ? "" : JSON.stringify(a.body));
    });
  });
  await new Promise<void>((ok) => srv.listen(0, "127.0.0.1", ok));
  const url = `http://127.0.0.1:${(srv.address() as AddressInfo).port}/agent`;
  agent = {
    url,
    received,
    close: () =>
      new Promise<void>((ok) => {
        srv.closeAllConnections();
        srv.close(() => ok());
      }),
  };
  return agent;
}

async function start(answer: Answer, runner: Record<string, unknown> = {}) {
  const a = await startAgent(answer);
  server = await startTestServer({
    agents: {
      list: [
        { id: "main", runner: { kind: "http", url: a.url, secret: SECRET, ...runner }, timeoutSeconds: 60 },
      ],
      defaultAgentId: "main",
    },
  } as never);
  return { agent: a, server };
}

async function runOf(server: TestServer, body: unknown) {
  const res = await server.post("/hooks/agent", body);
  expect(res.status).toBe(202);
  return ((await res.json()) as { runId: string }).runId;
}

describe("http runner", () => {
  it("signs the run per Standard Webhooks with the run id, and a 200 {reply} ends it with that reply", async () => {
    const { agent, server } = await start(() => ({
      status: 200,
      body: { reply: "Looked at it: the deploy is fine." },
    }));
    const id = await runOf(server, { message: "Deploy of api finished", name: "CI" });
    await server.runtime.idle();

    expect(agent.received).toHaveLength(1);
    const [r] = agent.received;
    expect(r!.verified).toBe(true);
    expect(r!.headers["webhook-id"]).toBe(id);
    expect(r!.body).toMatchObject({ type: "hookgate.run", runId: id, agentId: "main", transcript: [] });
    // hookgate fences hook content for an agent of your own.
    expect(r!.body.message).toContain("Deploy of api finished");
    expect(r!.body.message).toContain("EXTERNAL_UNTRUSTED_CONTENT");
    const run = (await server.runtime.store.getRun(id))!;
    expect(run).toMatchObject({ status: "succeeded", reply: "Looked at it: the deploy is fine." });
    expect((await server.runtime.store.pendingEvents(10)).map((e) => e.text)).toEqual([
      "Hook CI: Looked at it: the deploy is fine.",
    ]);
  });

  it("retries a 503 with the same id and body, each attempt signed afresh", async () => {
    const { agent, server } = await start((_r, i) =>
      i === 0 ? { status: 503, headers: { "retry-after": "0" } } : { status: 200, body: { reply: "ok" } },
    );
    const id = await runOf(server, { message: "hello" });
    await server.runtime.idle();
    expect(agent.received.map((r) => [r.headers["webhook-id"], r.verified])).toEqual([
      [id, true],
      [id, true],
    ]);
    expect(agent.received[1]!.raw).toBe(agent.received[0]!.raw);
    expect((await server.runtime.store.getRun(id))!.status).toBe("succeeded");
  });

  it("a 202 waits for the callback; the callback URL works once, and only with its token", async () => {
    let handed: (url: string) => void = () => {};
    const callback = new Promise<string>((ok) => (handed = ok));
    const { server } = await start(
      (r) => {
        handed(r.body.callbackUrl!);
        return { status: 202, body: { accepted: true } };
      },
      { callbackBaseUrl: "http://127.0.0.1:1" },
    );
    const id = await runOf(server, { message: "research this" });
    // Once the agent has the run, the runner waits for the callback.
    const callbackUrl = await callback;
    const path = new URL(callbackUrl).pathname;
    expect(path).toMatch(new RegExp(`^/hooks/_runs/${id}/reply/[A-Za-z0-9_-]{32}$`));

    const post = (p: string, body: unknown) =>
      fetch(`${server.url}${p}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const wrongToken = await post(path.replace(/[^/]+$/, "x".repeat(32)), { reply: "forged" });
    expect(wrongToken.status).toBe(404);
    expect(await wrongToken.json()).toMatchObject({ code: "CALLBACK_UNKNOWN" });
    const bad = await post(path, { answer: "?" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "CALLBACK_INVALID" });

    const ok = await post(path, { reply: "Found three papers." });
    expect(ok.status).toBe(200);
    await server.runtime.idle();
    expect((await server.runtime.store.getRun(id))!).toMatchObject({
      status: "succeeded",
      reply: "Found three papers.",
    });
    const again = await post(path, { reply: "again" });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: "CALLBACK_USED" });
  });

  it("an {error} at the callback fails the run with the agent's words", async () => {
    let handed: (url: string) => void = () => {};
    const callback = new Promise<string>((ok) => (handed = ok));
    const { server } = await start(
      (r) => {
        handed(r.body.callbackUrl!);
        return { status: 202 };
      },
      { callbackBaseUrl: "http://127.0.0.1:1" },
    );
    const id = await runOf(server, { message: "research this" });
    const callbackUrl = await callback;
    await fetch(`${server.url}${new URL(callbackUrl).pathname}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ error: "the search index is down" }),
    });
    await server.runtime.idle();
    const run = (await server.runtime.store.getRun(id))!;
    expect(run.status).toBe("failed");
    expect(run.error).toMatch(
      /^http runner: HTTP agent at http:\/\/127\.0\.0\.1:\d+ reported: the search index is down$/,
    );
  });

  it("a signature the agent refuses fails the run at once, naming what to check and never the secret", async () => {
    const { agent, server } = await start(() => ({ status: 200, body: { reply: "never" } }), {
      secret: "not-the-agents-secret-0123",
    });
    const id = await runOf(server, { message: "hello" });
    await server.runtime.idle();
    const run = (await server.runtime.store.getRun(id))!;
    expect(agent.received).toHaveLength(1);
    expect(run.status).toBe("failed");
    expect(run.error).toContain("(HTTP 401): bad signature — check runner.secret");
    expect([run.error, server.logs.join("\n")].join("\n")).not.toContain("not-the-agents-secret-0123");
  });
});
