// Trace spans with a real OpenTelemetry SDK registered in the test (an in-memory exporter and the
// AsyncLocalStorage context manager, as NodeSDK sets them up): one mapped request with a transform that
// starts an agent run whose reply is delivered to a fake Telegram shows the whole chain
// request → route → transform, request → store → run → delivery, parent by parent.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { context, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
} from "@opentelemetry/sdk-trace-base";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answers, closeOpened, fakeService } from "../helpers/delivery.js";
import { startTestServer, TEST_TOKEN, type TestServer } from "../helpers/server.js";

const exporter = new InMemorySpanExporter();
const BOT = "123456789:AAH-telegram-secret-token";

describe("trace spans", () => {
  let s: TestServer;

  beforeAll(async () => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    trace.setGlobalTracerProvider(
      new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }),
    );
    const telegram = await fakeService((app) =>
      app.post(
        `/bot${BOT}/sendMessage`,
        answers({ status: 200, body: { ok: true, result: { message_id: 7, chat: { id: 1 }, text: "x" } } }),
      ),
    );
    const dir = mkdtempSync(join(tmpdir(), "hookgate-tracing-"));
    mkdirSync(join(dir, "hooks", "transforms"), { recursive: true });
    writeFileSync(
      join(dir, "hooks", "transforms", "shout.js"),
      "export default (ctx) => ({ message: String(ctx.payload.text).toUpperCase() });\n",
    );
    s = await startTestServer({
      dir,
      channels: { telegram: { botToken: BOT, apiBaseUrl: telegram.url, defaultTo: "1" } },
      hooks: {
        mappings: [
          {
            id: "shout",
            origin: "hooks.mappings[0]",
            action: "agent",
            match: { path: "shout" },
            messageTemplate: "{{text}}",
            channel: "telegram",
            transform: { module: "shout.js" },
          },
        ],
      },
    });
  });
  afterAll(async () => {
    await s.close();
    await closeOpened();
    trace.disable();
    context.disable();
  });

  it("request → route → transform, request → store → run → delivery", async () => {
    const r = await s.post("/hooks/shout", { text: "secret payload text" });
    expect(r.status).toBe(202);
    await expect
      .poll(() => exporter.getFinishedSpans().some((x) => x.name === "hookgate.delivery"))
      .toBe(true);
    const spans = exporter.getFinishedSpans();

    const byName = (name: string) => {
      const found = spans.filter((x) => x.name === name);
      expect(found, name).toHaveLength(1);
      return found[0]!;
    };
    const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;
    const request = byName("hookgate.request");
    const route = byName("hookgate.route");
    const transform = byName("hookgate.transform");
    const store = byName("hookgate.store");
    const run = byName("hookgate.run");
    const delivery = byName("hookgate.delivery");

    expect(parentOf(request)).toBeUndefined();
    expect(parentOf(route)).toBe(request.spanContext().spanId);
    expect(parentOf(transform)).toBe(route.spanContext().spanId);
    expect(parentOf(store)).toBe(request.spanContext().spanId);
    expect(parentOf(run)).toBe(store.spanContext().spanId);
    expect(parentOf(delivery)).toBe(run.spanContext().spanId);
    for (const span of [route, transform, store, run, delivery]) {
      expect(span.spanContext().traceId).toBe(request.spanContext().traceId);
    }
    expect(request.attributes).toMatchObject({
      "http.response.status_code": 202,
      "hookgate.mapping_id": "shout",
      "hookgate.outcome": "agent",
    });
    expect(transform.attributes["hookgate.transform.outcome"]).toBe("ok");
    expect(run.attributes["hookgate.run.status"]).toBe("succeeded");
    expect(delivery.attributes).toMatchObject({
      "hookgate.delivery.channel": "telegram",
      "hookgate.delivery.status": "sent",
    });
    // Attributes hold ids and codes, never the payload or a secret.
    const everything = JSON.stringify(spans.map((x) => x.attributes));
    expect(everything).not.toContain("secret payload text");
    expect(everything).not.toContain(TEST_TOKEN);
    expect(everything).not.toContain(BOT);
  });

  it("a refused request ends its span with the code, and no store or run span", async () => {
    exporter.reset();
    const r = await s.post("/hooks/nowhere", {});
    expect(r.status).toBe(404);
    await expect
      .poll(() => exporter.getFinishedSpans().some((x) => x.name === "hookgate.request"))
      .toBe(true);
    const names = exporter.getFinishedSpans().map((x) => x.name);
    expect(names.sort()).toEqual(["hookgate.request", "hookgate.route"]);
    const request = exporter.getFinishedSpans().find((x) => x.name === "hookgate.request")!;
    expect(request.attributes).toMatchObject({
      "hookgate.code": "HOOK_NOT_FOUND",
      "hookgate.outcome": "refused",
    });
  });
});
