// Reading CloudEvents: whatever the official SDK writes in binary or structured mode, hookgate reads
// back to the same attributes and data the SDK itself reads; the cloudevents pack passes its cases.
import { fileURLToPath } from "node:url";
import { CloudEvent, HTTP } from "cloudevents";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readCloudEvents } from "../../src/ingress/cloudevents.js";
import { expectPackCasesPass } from "./command-helpers.js";

const RUNS = { seed: 15, numRuns: 150 };

const token = fc.stringMatching(/^[A-Za-z0-9._:/-]{1,40}$/);
const jsonData = fc.dictionary(
  fc.stringMatching(/^[a-z]{1,8}$/),
  fc.oneof(fc.string(), fc.integer(), fc.boolean()),
  {
    maxKeys: 5,
  },
);
const event = fc.record(
  {
    id: token,
    source: fc.stringMatching(/^\/[a-z0-9/._-]{0,30}$/),
    type: fc.stringMatching(/^[a-z]{1,10}(\.[a-z]{1,10}){0,3}$/),
    subject: token,
    region: fc.stringMatching(/^[a-z0-9]{1,10}$/),
    data: jsonData,
  },
  { requiredKeys: ["id", "source", "type", "data"] },
);

describe("what the SDK writes, hookgate reads as the SDK does", () => {
  it.each(["binary", "structured"] as const)("%s mode", (mode) => {
    fc.assert(
      fc.property(event, (e) => {
        const sent = new CloudEvent({ ...e, datacontenttype: "application/json" });
        const message = HTTP[mode](sent);
        const read = readCloudEvents(
          message.headers as Record<string, string>,
          Buffer.from(message.body as string),
        );
        expect(read.mode).toBe(mode);
        if (read.mode !== mode) return;
        const back = HTTP.toEvent(message) as CloudEvent;
        const { data, ...attributes } = back.toJSON() as Record<string, unknown>;
        expect(read.event.data).toEqual(data);
        expect(read.event.attributes).toEqual(attributes);
      }),
      RUNS,
    );
  });

  it("data_base64 is decoded, and read as JSON when its content type is JSON", () => {
    const bytes = Buffer.from(JSON.stringify({ a: 1 })).toString("base64");
    const base = { specversion: "1.0", id: "1", source: "/s", type: "t" };
    const read = (extra: object) =>
      readCloudEvents(
        { "content-type": "application/cloudevents+json" },
        Buffer.from(JSON.stringify({ ...base, ...extra })),
      );
    expect(read({ data_base64: bytes, datacontenttype: "application/json" })).toMatchObject({
      event: { data: { a: 1 } },
    });
    expect(read({ data_base64: bytes })).toMatchObject({ event: { data: '{"a":1}' } });
    expect(read({ data_base64: bytes, data: 1 })).toEqual({
      mode: "invalid",
      error: "CloudEvent (structured mode): give data or data_base64, not both",
    });
  });

  it("binary mode with a body that is not JSON keeps it as text", () => {
    const headers = {
      "ce-specversion": "1.0",
      "ce-id": "1",
      "ce-source": "/s",
      "ce-type": "t",
      "content-type": "text/plain",
    };
    expect(readCloudEvents(headers, Buffer.from("hello"))).toEqual({
      mode: "binary",
      event: {
        attributes: { specversion: "1.0", id: "1", source: "/s", type: "t", datacontenttype: "text/plain" },
        data: "hello",
      },
    });
  });

  it("refuses what is not CloudEvents 1.0, naming the attribute", () => {
    const structured = (o: object) =>
      readCloudEvents({ "content-type": "application/cloudevents+json" }, Buffer.from(JSON.stringify(o)));
    expect(structured({ specversion: "0.3", id: "1", source: "/s", type: "t" })).toEqual({
      mode: "invalid",
      error:
        'CloudEvent (structured mode): specversion "0.3" is not supported; hookgate reads CloudEvents 1.0',
    });
    expect(structured({ specversion: "1.0", id: "1", source: "/s", type: "" })).toMatchObject({
      error: "CloudEvent (structured mode): type is required: a non-empty string",
    });
    expect(structured({ specversion: "1.0", id: "1", source: "/s", type: "t", "Bad-Name": 1 })).toMatchObject(
      {
        error: 'CloudEvent (structured mode): attribute name "Bad-Name" is not lower-case letters and digits',
      },
    );
    expect(
      readCloudEvents({ "content-type": "application/cloudevents-batch+json" }, Buffer.from("{}")),
    ).toEqual({ mode: "invalid", error: "CloudEvents batch: the body must be a JSON array of events" });
    expect(readCloudEvents({ "content-type": "application/json" }, Buffer.from("{}"))).toEqual({
      mode: "none",
    });
  });
});

describe("the cloudevents pack", () => {
  it("passes its cases, which reach every mapping", async () => {
    const pack = fileURLToPath(new URL("../../rules/presets/cloudevents.yaml", import.meta.url));
    await expectPackCasesPass(pack);
  });
});
