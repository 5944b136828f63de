// The one delivery id of a request: the verified id first, else the first id header a sender sends.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { requestDeliveryId } from "../../src/ingress/delivery-id.js";

describe("requestDeliveryId", () => {
  it("takes the id verification derived over any header (Stripe's event id is in the body)", () => {
    expect(
      requestDeliveryId({
        headers: { "idempotency-key": "client-key" },
        verified: { scheme: "stripe", id: "evt_1NG8Du2eZvKYlo2CUI79vXWy" },
      }),
    ).toBe("evt_1NG8Du2eZvKYlo2CUI79vXWy");
  });

  it("without a verified id, reads the senders' id headers in a fixed order", () => {
    const gh = "72d3162e-cc78-11e3-81ab-4c9367dc0958";
    expect(requestDeliveryId({ headers: { "x-github-delivery": gh } })).toBe(gh);
    expect(requestDeliveryId({ headers: { "svix-id": "msg_2", "webhook-id": "msg_1" } })).toBe("msg_1");
    expect(requestDeliveryId({ headers: { "x-gitlab-event-uuid": " 13792a34 " } })).toBe("13792a34");
    expect(requestDeliveryId({ headers: { "idempotency-key": "k", "linear-delivery": "lin" } })).toBe("lin");
    expect(requestDeliveryId({ headers: { "x-openclaw-idempotency-key": "oc" } })).toBe("oc");
    // A verified request whose scheme has no id falls back to the headers too.
    expect(requestDeliveryId({ headers: { "webhook-id": "w" }, verified: { scheme: "hmac" } })).toBe("w");
  });

  it("none for a request without one, an empty header, or an id longer than 256 characters", () => {
    expect(requestDeliveryId({ headers: { "content-type": "application/json" } })).toBeUndefined();
    expect(requestDeliveryId({ headers: { "x-github-delivery": "  " } })).toBeUndefined();
    expect(requestDeliveryId({ headers: { "x-github-delivery": "x".repeat(257) } })).toBeUndefined();
    expect(
      requestDeliveryId({ headers: {}, verified: { scheme: "github", id: "y".repeat(257) } }),
    ).toBeUndefined();
  });

  it("is always either none or a non-empty string of at most 256 characters", () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom("x-github-delivery", "webhook-id", "idempotency-key", "x-other"),
          fc.oneof(fc.string({ maxLength: 300 }), fc.array(fc.string({ maxLength: 200 }), { maxLength: 3 })),
        ),
        (headers) => {
          const id = requestDeliveryId({ headers });
          return id === undefined || (id.length > 0 && id.length <= 256 && id.trim() === id);
        },
      ),
    );
  });
});
