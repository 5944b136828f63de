// Replay rebuilds the request the rules saw from the logged body, read as the server read it: JSON,
// a form's fields, the JSON in a form's payload field, or a CloudEvent's data and attributes.
import { describe, expect, it } from "vitest";
import { type LoggedRequest, requestOf } from "../../src/ingress/replay.js";

function logged(body: string, contentType: string): LoggedRequest {
  return {
    hook: "github",
    headers: { "content-type": contentType },
    query: {},
    body: new TextEncoder().encode(body),
    bodyCut: false,
    receivedAt: Date.parse("2026-11-20T10:00:00Z"),
    outcome: "wake",
  };
}

const FORM = "application/x-www-form-urlencoded";

describe("the request replay re-decides", () => {
  it("reads a form body as its fields", () => {
    expect(requestOf(logged("command=%2Fask&text=status%3F", FORM))).toMatchObject({
      payload: { command: "/ask", text: "status?" },
    });
  });

  it("reads GitHub's form (content type application/x-www-form-urlencoded) as the JSON in payload", () => {
    const body = `payload=${encodeURIComponent(JSON.stringify({ action: "opened" }))}`;
    expect(requestOf(logged(body, `${FORM}; charset=utf-8`))).toMatchObject({
      payload: { action: "opened" },
    });
  });

  it("reads JSON as before, after a byte order mark too; says why a body cannot be read", () => {
    expect(requestOf(logged('\uFEFF{"a":1}', "application/json"))).toMatchObject({ payload: { a: 1 } });
    expect(requestOf(logged("", "application/json"))).toMatchObject({ payload: {} });
    expect(requestOf(logged("{oops", "application/json"))).toEqual({
      why: expect.stringMatching(/^the body is not valid JSON: /),
    });
  });

  it("reads a CloudEvent as the server did: its data as the payload, its attributes as ce", () => {
    const event = { specversion: "1.0", id: "e-1", source: "/ci", type: "com.example.deploy.failed" };
    expect(
      requestOf(
        logged(JSON.stringify({ ...event, data: { stage: "migrate" } }), "application/cloudevents+json"),
      ),
    ).toMatchObject({ payload: { stage: "migrate" }, ce: event });
    const binary: LoggedRequest = {
      ...logged('{"stage":"migrate"}', "application/json"),
      headers: {
        "content-type": "application/json",
        "ce-specversion": "1.0",
        "ce-id": "e-1",
        "ce-source": "/ci",
        "ce-type": "t",
      },
    };
    expect(requestOf(binary)).toMatchObject({
      payload: { stage: "migrate" },
      ce: { id: "e-1", source: "/ci", type: "t" },
    });
    expect(requestOf(logged(JSON.stringify([event]), "application/cloudevents-batch+json"))).toEqual({
      why: "a CloudEvents batch is decided event by event: it cannot be re-decided as one",
    });
  });
});
