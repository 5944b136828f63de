// CloudEvents 1.0 over HTTP, sent with the official `cloudevents` SDK to a real server: binary and
// structured mode, batches decided event by event with one answer, (source, id) as the delivery id,
// rules over `ce.*` with `data` as the payload, and the senders' handshakes (abuse-protection
// OPTIONS, Azure Event Grid's subscription validation).
import { CloudEvent, CONSTANTS, emitterFor, HTTP, httpTransport, Mode } from "cloudevents";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ResolvedMapping } from "../../src/config/types.js";
import { startTestServer, TEST_TOKEN, type TestServer } from "../helpers/server.js";

const mapping = (m: Partial<ResolvedMapping> & Pick<ResolvedMapping, "id" | "action">): ResolvedMapping => ({
  origin: `hooks.mappings[${m.id}]`,
  ...m,
});

const auth = { authorization: `Bearer ${TEST_TOKEN}` };
const ofType = (type: string) => ({ "==": [{ var: "ce.type" }, type] });

describe("CloudEvents senders", () => {
  let s: TestServer;

  beforeAll(async () => {
    s = await startTestServer({
      hooks: {
        mappings: [
          mapping({
            id: "deploy-failed",
            match: { path: "events", when: ofType("com.example.deploy.failed") },
            action: "agent",
            cloudevents: true,
            messageTemplate:
              "{{ce.source}} ({{ce.subject}}, {{ce.region}}): {{service}} failed at {{payload.stage}}",
          }),
          mapping({
            id: "noise",
            match: { path: "events", when: ofType("com.example.noise") },
            action: "ignore",
          }),
          mapping({
            id: "other",
            match: { path: "events" },
            action: "wake",
            textTemplate: "{{ce.type}} from {{ce.source}}: {{payload}}",
          }),
          mapping({ id: "plain", match: { path: "plain" }, action: "wake", textTemplate: "plain {{n}}" }),
        ],
      },
    });
  });
  afterAll(async () => {
    await s?.close();
  });

  const runs = () => s.runtime.store.listRuns({ limit: 1000 });
  const runMessage = async (runId: string) => (await runs()).find((r) => r.id === runId)?.message ?? "";
  const send = (path: string, message: { headers: Record<string, unknown>; body: unknown }) =>
    fetch(`${s.url}/hooks/${path}`, {
      method: "POST",
      headers: { ...(message.headers as Record<string, string>), ...auth },
      body: message.body as string,
    });
  const deployFailed = (id: string, source = "/ci/deployer") =>
    new CloudEvent({
      id,
      source,
      type: "com.example.deploy.failed",
      subject: "api",
      region: "eu1",
      datacontenttype: "application/json",
      data: { service: "billing", stage: "migrate" },
    });

  it("binary mode through the SDK's own HTTP emitter: rules see ce.* and data as the payload", async () => {
    const emit = emitterFor(httpTransport(`${s.url}/hooks/events`), { binding: HTTP, mode: Mode.BINARY });
    const res = (await emit(deployFailed("b-1"), { headers: auth })) as { body: string };
    const { runId } = JSON.parse(res.body) as { runId: string };
    expect(runId).toMatch(/\S/);
    expect(await runMessage(runId)).toContain("/ci/deployer (api, eu1): billing failed at migrate");
  });

  it("structured mode: the same event gives the same run message", async () => {
    const res = await send("events", HTTP.structured(deployFailed("s-1")));
    expect(res.status).toBe(202);
    const { runId } = (await res.json()) as { runId: string };
    expect(await runMessage(runId)).toContain("/ci/deployer (api, eu1): billing failed at migrate");
  });

  it("(source, id) is the delivery id: a resend starts nothing, the same id from another source is new", async () => {
    const first = await send("events", HTTP.binary(deployFailed("d-1")));
    const { runId } = (await first.json()) as { runId: string };
    const before = (await runs()).length;
    // Resent in the other mode: still the same event.
    const again = await send("events", HTTP.structured(deployFailed("d-1")));
    expect(again.headers.get("idempotent-replay")).toBe("true");
    expect(await again.json()).toEqual({ ok: true, runId });
    expect((await runs()).length).toBe(before);
    const other = await send("events", HTTP.binary(deployFailed("d-1", "/ci/other")));
    expect(((await other.json()) as { runId: string }).runId).not.toBe(runId);
    expect((await runs()).length).toBe(before + 1);
  });

  it("a batch: each event decided on its own, one answer listing each; sent again, nothing starts", async () => {
    const events = [
      deployFailed("batch-1"),
      new CloudEvent({ id: "batch-2", source: "/shop", type: "com.example.order.placed", data: { n: 2 } }),
      new CloudEvent({ id: "batch-3", source: "/shop", type: "com.example.noise", data: { n: 3 } }),
    ];
    const post = () =>
      fetch(`${s.url}/hooks/events`, {
        method: "POST",
        headers: { "content-type": CONSTANTS.MIME_CE_BATCH, ...auth },
        body: JSON.stringify(events.map((e) => e.toJSON())),
      });
    const before = (await runs()).length;
    const res = await post();
    expect(res.status).toBe(202);
    const body = (await res.json()) as { ok: boolean; events: Array<Record<string, unknown>> };
    expect(body.ok).toBe(true);
    expect(body.events.map((e) => [e["id"], e["source"], e["status"]])).toEqual([
      ["batch-1", "/ci/deployer", 202],
      ["batch-2", "/shop", 200],
      ["batch-3", "/shop", 204],
    ]);
    expect((await runs()).length).toBe(before + 1);
    const runId = body.events[0]!["runId"] as string;
    expect(await runMessage(runId)).toContain("billing failed at migrate");

    const again = (await (await post()).json()) as typeof body;
    expect(again.events.map((e) => e["replayed"] ?? false)).toEqual([true, true, false]);
    expect(again.events[0]!["runId"]).toBe(runId);
    expect((await runs()).length).toBe(before + 1);
  });

  it("a batch with one invalid event is refused whole, naming it, and stores nothing", async () => {
    const good = deployFailed("bad-batch-1").toJSON();
    const before = (await runs()).length;
    const res = await fetch(`${s.url}/hooks/events`, {
      method: "POST",
      headers: { "content-type": CONSTANTS.MIME_CE_BATCH, ...auth },
      body: JSON.stringify([good, { specversion: "1.0", id: "x", type: "t" }]),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      ok: false,
      code: "INVALID_CLOUDEVENT",
      error: "CloudEvents batch: event 1: source is required: a non-empty string",
    });
    expect((await runs()).length).toBe(before);
  });

  it("binary mode without a required attribute is a 400 naming it", async () => {
    const { headers, body } = HTTP.binary(deployFailed("no-id"));
    const { "ce-id": _, ...rest } = headers as Record<string, string>;
    const res = await send("events", { headers: rest, body });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      code: "INVALID_CLOUDEVENT",
      error: "CloudEvent (binary mode): id is required: a non-empty string",
    });
  });

  it("the abuse-protection OPTIONS handshake is answered where a mapping takes CloudEvents", async () => {
    const res = await fetch(`${s.url}/hooks/events`, {
      method: "OPTIONS",
      headers: { "webhook-request-origin": "eventemitter.example.com", "webhook-request-rate": "120" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("webhook-allowed-origin")).toBe("eventemitter.example.com");
    expect(res.headers.get("webhook-allowed-rate")).toBe("*");
    expect(res.headers.get("allow")).toBe("POST, OPTIONS");
    // Not on other paths.
    const elsewhere = await fetch(`${s.url}/hooks/plain`, {
      method: "OPTIONS",
      headers: { "webhook-request-origin": "eventemitter.example.com" },
    });
    expect(elsewhere.status).toBe(405);
  });

  it("Azure Event Grid's subscription validation is answered with its code, and starts nothing", async () => {
    const validation = [
      {
        id: "2d1781af-3a4c-4d7c-bd0c-e34b19da4e66",
        topic: "/subscriptions/xxx/resourceGroups/rg/providers/Microsoft.EventGrid/topics/t",
        subject: "",
        data: {
          validationCode: "512d38b6-c7b8-40c8-89fe-f46f9e9622b6",
          validationUrl: "https://example.invalid/v",
        },
        eventType: "Microsoft.EventGrid.SubscriptionValidationEvent",
        eventTime: "2026-11-27T12:00:00Z",
        metadataVersion: "1",
        dataVersion: "1",
      },
    ];
    const post = (path: string) =>
      fetch(`${s.url}/hooks/${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", "aeg-event-type": "SubscriptionValidation" },
        body: JSON.stringify(validation),
      });
    const before = (await runs()).length;
    const res = await post("events");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ validationResponse: "512d38b6-c7b8-40c8-89fe-f46f9e9622b6" });
    expect((await runs()).length).toBe(before);
    // Elsewhere it is a request without the token like any other.
    expect((await post("plain")).status).toBe(401);
  });
});
