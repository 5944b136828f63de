// The action of an /agent body: the body's fields in their order, without the transport's idempotency
// key and waitForCompletion, marked as webhook content and, with a session key, as the request's own.
import { describe, expect, it } from "vitest";
import { directAction } from "../../src/ingress/direct.js";

describe("an /agent body's action", () => {
  it("keeps the body's fields in order, leaves out idempotencyKey and waitForCompletion", () => {
    const body = {
      message: "deploy failed",
      name: "ci",
      idempotencyKey: "k-1",
      deliver: false,
      waitForCompletion: true,
      timeoutSeconds: 30,
    };
    const result = directAction("agent", body);
    expect(result).toStrictEqual({
      ok: true,
      kind: "agent",
      action: {
        message: "deploy failed",
        name: "ci",
        deliver: false,
        timeoutSeconds: 30,
        contentSource: "Webhook",
      },
    });
    expect(Object.keys(result?.ok ? result.action : {})).toEqual([
      "message",
      "name",
      "deliver",
      "timeoutSeconds",
      "contentSource",
    ]);
  });

  it("says a session key came with the request, and leaves the body as it was", () => {
    const body = { message: "hi", sessionKey: "hook:ci" };
    const result = directAction("agent", body);
    expect(result).toStrictEqual({
      ok: true,
      kind: "agent",
      action: { message: "hi", sessionKey: "hook:ci", contentSource: "Webhook", sessionKeyFromRequest: true },
    });
    expect(body).toStrictEqual({ message: "hi", sessionKey: "hook:ci" });
  });

  it("ignores fields the service does not read, and refuses a body without a message", () => {
    expect(directAction("agent", { message: "x", extra: 1 })).toStrictEqual({
      ok: true,
      kind: "agent",
      action: { message: "x", contentSource: "Webhook" },
    });
    expect(directAction("agent", { text: "x" })).toMatchObject({ ok: false });
  });
});
