// Long replies: split at paragraph, then line, then word boundaries, within each channel's limit, and
// sent as several messages in order.
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { utf8Bytes } from "../../src/runtime/delivery/channels/adapter.js";
import { splitMessage } from "../../src/runtime/delivery/split.js";
import { closeOpened, fakeService, finishedRun, harness } from "../helpers/delivery.js";

const visible = (s: string) => s.replace(/\s+/g, "");

describe("splitMessage", () => {
  it("keeps a text that fits as one part, trimmed", () => {
    expect(splitMessage("  hello world \n", 20)).toEqual(["hello world"]);
    expect(splitMessage(" \n ", 20)).toEqual([]);
  });

  it("splits at paragraph breaks first", () => {
    const a = "a".repeat(30);
    const b = "b".repeat(30);
    const c = "c".repeat(30);
    expect(splitMessage(`${a}\n\n${b}\n\n${c}`, 70)).toEqual([`${a}\n\n${b}`, c]);
  });

  it("splits at line breaks when no paragraph break is in reach", () => {
    const lines = ["first line of the log", "second line of the log", "third line of the log"];
    expect(splitMessage(lines.join("\n"), 50)).toEqual([`${lines[0]}\n${lines[1]}`, lines[2]]);
  });

  it("prefers a line break to a paragraph break that would leave most of the room empty", () => {
    const text = `intro\n\n${"x".repeat(40)}\n${"y".repeat(40)}`;
    expect(splitMessage(text, 60)).toEqual([`intro\n\n${"x".repeat(40)}`, "y".repeat(40)]);
  });

  it("splits between words when a paragraph has no line break", () => {
    const text = "the quick brown fox jumps over the lazy dog";
    const parts = splitMessage(text, 15);
    expect(parts).toEqual(["the quick brown", "fox jumps over", "the lazy dog"]);
  });

  it("hard-splits a word longer than the limit", () => {
    expect(splitMessage(`see ${"z".repeat(25)}`, 10)).toEqual(["see zzzzzz", "z".repeat(10), "z".repeat(9)]);
  });

  it("never cuts an emoji (a surrogate pair) in half", () => {
    const parts = splitMessage("😀".repeat(5), 3);
    expect(parts).toEqual(["😀", "😀", "😀", "😀", "😀"]);
  });

  it("treats CRLF line breaks like LF", () => {
    expect(splitMessage(`${"a".repeat(8)}\r\n\r\n${"b".repeat(8)}`, 12)).toEqual([
      "a".repeat(8),
      "b".repeat(8),
    ]);
  });

  it("measures in the channel's unit (UTF-8 bytes for Signal)", () => {
    // 10 characters of 3 bytes each: 30 bytes, so a 12-byte limit gives parts of 4 characters.
    const parts = splitMessage("€".repeat(10), 12, utf8Bytes);
    expect(parts).toEqual(["€€€€", "€€€€", "€€"]);
  });

  it("property: every part fits, none is empty, and no visible character is lost or reordered", () => {
    const piece = fc.oneof(
      fc.constantFrom(" ", "\n", "\n\n", "\r\n", "\t", "😀", "€", "é"),
      fc.string({ minLength: 1, maxLength: 12 }),
    );
    const text = fc.array(piece, { maxLength: 80 }).map((xs) => xs.join(""));
    const measures = [(s: string) => s.length, utf8Bytes];
    fc.assert(
      fc.property(text, fc.integer({ min: 4, max: 60 }), fc.constantFrom(0, 1), (t, max, m) => {
        const measure = measures[m]!;
        const parts = splitMessage(t, max, measure);
        for (const part of parts) {
          expect(part.trim()).not.toBe("");
          expect(measure(part)).toBeLessThanOrEqual(max);
        }
        expect(visible(parts.join(""))).toBe(visible(t.replace(/\r\n?/g, "\n")));
      }),
      { seed: 42, numRuns: 400 },
    );
  });
});

describe("a long reply", () => {
  afterEach(closeOpened);

  it("goes out as several messages within the channel's limit, in order, all ids recorded", async () => {
    let next = 0;
    const svc = await fakeService((app) =>
      app.post("/channels/42/messages", async () => {
        next += 1;
        return { id: `m${next}` };
      }),
    );
    const h = await harness({ channels: { discord: { botToken: "discord-token-x", apiBaseUrl: svc.url } } });
    const paragraphs = Array.from(
      { length: 6 },
      (_, i) => `Paragraph ${i + 1}: ${"word ".repeat(150).trim()}`,
    );
    const text = paragraphs.join("\n\n");
    expect(text.length).toBeGreaterThan(4000);
    const runId = await finishedRun(h.store);

    const state = await h.delivery.deliver({ runId, text, channel: "discord", to: "42" });

    const sent = svc.seen.map((r) => r.body.content as string);
    expect(sent.length).toBeGreaterThan(1);
    for (const content of sent) expect(content.length).toBeLessThanOrEqual(2000);
    expect(sent.join("\n\n")).toBe(text);
    expect(state).toMatchObject({ status: "sent", messageIds: sent.map((_, i) => `m${i + 1}`) });
    expect((await h.store.getRun(runId))?.delivery?.messageIds).toEqual(state.messageIds);
  });

  it("stops at the first part that fails and says how many parts went out", async () => {
    let calls = 0;
    const svc = await fakeService((app) =>
      app.post("/bot123:tok/sendMessage", async (_req, reply) => {
        calls += 1;
        if (calls === 2)
          return reply.code(400).send({ ok: false, error_code: 400, description: "Bad Request: x" });
        return { ok: true, result: { message_id: calls } };
      }),
    );
    const h = await harness({ channels: { telegram: { botToken: "123:tok", apiBaseUrl: svc.url } } });
    const text = `${"a ".repeat(3000)}\n\n${"b ".repeat(3000)}\n\n${"c ".repeat(3000)}`;
    const state = await h.delivery.deliver({ text, channel: "telegram", to: "1" });
    expect(svc.seen).toHaveLength(2);
    expect(state).toMatchObject({ status: "failed", messageIds: ["1"] });
    expect(state.reason).toMatch(/^telegram: HTTP 400: Bad Request: x \(1 of \d+ parts were sent\)$/);
  });
});
