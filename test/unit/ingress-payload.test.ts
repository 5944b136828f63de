// A request body as the rules see it: JSON, a form's fields, or the JSON a form carries in its one
// field `payload` (GitHub's application/x-www-form-urlencoded content type, Slack's interactivity).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parsePayload } from "../../src/ingress/payload.js";

const FORM = "application/x-www-form-urlencoded";
const form = (fields: Record<string, string>) => Buffer.from(new URLSearchParams(fields).toString());

describe("a form body", () => {
  it("whose only field is payload, holding a JSON object, is that object (GitHub, Slack interactivity)", () => {
    const github = { action: "opened", issue: { number: 57, title: "Crash on login" } };
    expect(parsePayload(form({ payload: JSON.stringify(github) }), FORM)).toEqual({
      ok: true,
      value: github,
    });
    const slack = { type: "block_actions", user: { id: "U1" }, actions: [{ action_id: "approve" }] };
    expect(parsePayload(form({ payload: JSON.stringify(slack) }), `${FORM}; charset=utf-8`)).toEqual({
      ok: true,
      value: slack,
    });
  });

  it("is its fields otherwise: other fields beside payload, a payload that is no JSON object", () => {
    const slash = { command: "/ask", text: "status?", payload: "{}" };
    expect(parsePayload(form(slash), FORM)).toEqual({ ok: true, value: slash });
    for (const payload of ["not json", "[1,2]", "42", '"text"', "null", "{broken"]) {
      expect(parsePayload(form({ payload }), FORM)).toEqual({ ok: true, value: { payload } });
    }
  });

  it("a JSON object in payload is read whole, whatever its keys (__proto__ included) and values", () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.oneof(fc.string(), fc.constant("__proto__")), fc.jsonValue()),
        (object) => {
          const text = JSON.stringify(object);
          const parsed = parsePayload(form({ payload: text }), FORM);
          expect(parsed).toEqual({ ok: true, value: JSON.parse(text) });
        },
      ),
    );
  });
});

describe("a body that is not JSON", () => {
  it("sent as XML (a sender's other format, as Shopify offers) names the setting to change", () => {
    const xml = Buffer.from('<?xml version="1.0"?><order><id>1</id></order>');
    expect(parsePayload(xml, "application/xml")).toEqual({
      ok: false,
      code: "INVALID_JSON",
      error:
        "body is not valid JSON: it is XML (application/xml); hookgate reads JSON and forms: choose JSON in the sender's webhook settings",
    });
    expect(parsePayload(xml, "text/xml; charset=utf-8")).toMatchObject({
      error: expect.stringContaining("it is XML (text/xml)"),
    });
    expect(parsePayload(Buffer.from("{oops"), "application/json")).toMatchObject({
      error: expect.stringMatching(/^body is not valid JSON: .*JSON/),
    });
  });
});
