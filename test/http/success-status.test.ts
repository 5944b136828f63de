// successStatus: senders such as Linear count any status but 200 as a failed delivery and send it
// again, so a mapping may answer its accepted requests (a run, a wake, nothing to do) with another
// status than the usual 202 / 200 / 204 — also for a redelivery answered from the first.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ResolvedMapping } from "../../src/config/types.js";
import { signRequest } from "../../src/engine/verify/sign.js";
import type { MappingVerify } from "../../src/types/generated.js";
import { startTestServer, type TestServer } from "../helpers/server.js";

const LINEAR: MappingVerify = { scheme: "linear", secret: "success-status-linear-secret" };

const MAPPINGS: ResolvedMapping[] = [
  {
    id: "issue",
    origin: "hooks.mappings[0]",
    match: { path: "linear", when: { "==": [{ var: "payload.type" }, "Issue"] } },
    action: "agent",
    verify: LINEAR,
    successStatus: 200,
    messageTemplate: "New issue {{data.title}}",
  },
  {
    id: "rest",
    origin: "hooks.mappings[1]",
    match: { path: "linear" },
    action: "ignore",
    verify: LINEAR,
    successStatus: 200,
  },
  {
    id: "quiet",
    origin: "hooks.mappings[2]",
    match: { path: "quiet" },
    action: "wake",
    successStatus: 204,
    textTemplate: "{{text}}",
  },
  {
    id: "usual",
    origin: "hooks.mappings[3]",
    match: { path: "usual" },
    action: "agent",
    messageTemplate: "x",
  },
  {
    id: "command",
    origin: "hooks.mappings[4]",
    match: { path: "command" },
    action: "agent",
    successStatus: 200,
    successBody: false,
    messageTemplate: "{{text}}",
  },
  {
    id: "interaction",
    origin: "hooks.mappings[5]",
    match: { path: "interaction", when: { "==": [{ var: "payload.type" }, 2] } },
    action: "agent",
    successStatus: 200,
    successBody: { type: 4, data: { content: "On it.", flags: 64 } },
    messageTemplate: "{{data.name}}",
  },
  {
    id: "interaction-rest",
    origin: "hooks.mappings[6]",
    match: { path: "interaction" },
    action: "ignore",
    successStatus: 200,
    successBody: { type: 4, data: { content: "Not handled here.", flags: 64 } },
  },
];

function signed(payload: Record<string, unknown>, id: string) {
  const body = JSON.stringify({ ...payload, webhookTimestamp: Date.now() });
  const headers = signRequest(
    LINEAR,
    { body: Buffer.from(body), timestamp: Math.floor(Date.now() / 1000), id },
    (f, m) => {
      throw new Error(`${f}: ${m}`);
    },
  )!;
  return { body, headers };
}

describe("successStatus", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer({ hooks: { mappings: MAPPINGS } }, { worker: false });
  });
  afterAll(async () => {
    await s?.close();
  });

  it("a run answers 200 with its run id, and a redelivery answers the same", async () => {
    const { body, headers } = signed({ type: "Issue", action: "create", data: { title: "Crash" } }, "d-1");
    const first = await s.post("/hooks/linear", body, { token: null, headers });
    expect(first.status).toBe(200);
    const answer = (await first.json()) as { ok: boolean; runId: string };
    expect(answer).toMatchObject({ ok: true, runId: expect.any(String) });
    const again = await s.post("/hooks/linear", body, { token: null, headers });
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replay")).toBe("true");
    expect(await again.json()).toEqual(answer);
  });

  it("an ignored event answers 200 with nothing stored", async () => {
    const { body, headers } = signed({ type: "Reaction", action: "create", data: {} }, "d-2");
    const res = await s.post("/hooks/linear", body, { token: null, headers });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
  });

  it("204 answers a wake without a body; a refusal keeps its own status", async () => {
    const res = await s.post("/hooks/quiet", { text: "hello" });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe("");
    const bad = await s.post("/hooks/linear", JSON.stringify({ type: "Issue" }), {
      token: null,
      headers: { "linear-signature": "00".repeat(32) },
    });
    expect(bad.status).toBe(401);
  });

  it("with successBody: false a run answers 200 with an empty body (a Slack slash command's acknowledgement)", async () => {
    const res = await s.post("/hooks/command", { text: "which invoices failed?" });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("");
  });

  it("an object successBody is the answer, as sent, for a run, its redelivery and an ignored request", async () => {
    const headers = { "idempotency-key": "interaction-1" };
    const res = await s.post("/hooks/interaction", { type: 2, data: { name: "deploy" } }, { headers });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ type: 4, data: { content: "On it.", flags: 64 } });
    const again = await s.post("/hooks/interaction", { type: 2, data: { name: "deploy" } }, { headers });
    expect(again.headers.get("idempotent-replay")).toBe("true");
    expect(await again.json()).toEqual({ type: 4, data: { content: "On it.", flags: 64 } });
    const ignored = await s.post("/hooks/interaction", { type: 3 });
    expect(ignored.status).toBe(200);
    expect(await ignored.json()).toEqual({ type: 4, data: { content: "Not handled here.", flags: 64 } });
  });

  it("mappings without it answer as usual", async () => {
    expect((await s.post("/hooks/usual", {})).status).toBe(202);
  });
});
