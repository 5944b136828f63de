// Replay rebuilds the request the rules saw from the logged body, read as the server read it: JSON,
// a form's fields, or the JSON in a form's payload field.
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
});
