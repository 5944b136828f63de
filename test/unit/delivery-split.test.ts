// Long replies: split at paragraph, then line, then word boundaries, within each channel's limit, and
// sent as several messages in order.
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { utf8Bytes } from "../../src/runtime/delivery/channels/adapter.js";
import { bindChannels } from "../../src/runtime/delivery/registry.js";
import { splitMessage } from "../../src/runtime/delivery/split.js";
import type { ChannelsConfig } from "../../src/types/generated.js";
import { closeOpened, fakeService, finishedRun, harness } from "../helpers/delivery.js";
import { fencesBalanced, rules, type Service } from "../helpers/fake-channels.js";

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

describe("splitMessage keeps Markdown whole", () => {
  const codeBlock = (lines: number) =>
    Array.from(
      { length: lines },
      (_, i) => `    result_${i} = transform(records[${i}], strict=True)  # step ${i}`,
    );

  it("closes a code fence cut across parts and reopens it, language and all, in the next", () => {
    const text = `Here is the script:\n\n\`\`\`python\n${codeBlock(80).join("\n")}\n\`\`\`\n\nRun it once.`;
    const parts = splitMessage(text, 2000);
    expect(parts.length).toBeGreaterThan(1);
    for (const [i, part] of parts.entries()) {
      expect(part.length).toBeLessThanOrEqual(2000);
      expect(fencesBalanced(part)).toBe(true);
      if (i > 0) expect(part.startsWith("```python\n")).toBe(true);
      if (i < parts.length - 1) expect(part.endsWith("\n```")).toBe(true);
    }
    // Every code line arrives whole, in order.
    const lines = parts.flatMap((p) => p.split("\n")).filter((l) => l.startsWith("    result_"));
    expect(lines).toEqual(codeBlock(80));
  });

  it("cuts before a fence's opening line rather than leave an empty block at the end of a part", () => {
    const text = `${"intro words ".repeat(14).trim()}\n\`\`\`sh\n${"echo one two three\n".repeat(8)}\`\`\``;
    const parts = splitMessage(text, 180);
    expect(parts[0]).toBe("intro words ".repeat(14).trim());
    expect(parts[1]?.startsWith("```sh\necho")).toBe(true);
    for (const part of parts) expect(part).not.toMatch(/```sh\n```/);
  });

  it("closes the fence where the rest starts with its closing line, reopening nothing", () => {
    const text = `\`\`\`\n${"x".repeat(40)}\n${"y".repeat(40)}\n\`\`\`\n\n${"after ".repeat(10).trim()}`;
    const parts = splitMessage(text, 95);
    expect(parts).toEqual([
      `\`\`\`\n${"x".repeat(40)}\n${"y".repeat(40)}\n\`\`\``,
      "after ".repeat(10).trim(),
    ]);
  });

  it("cuts at a space outside inline code, bold and links when there is one", () => {
    const text =
      "see `the long inline command --with flags` and [the manual page](https://example.com/a/b) now";
    for (const part of splitMessage(text, 48)) {
      expect((part.match(/`/g) ?? []).length % 2).toBe(0);
      expect(part.includes("[the manual") === part.includes("(https://example.com/a/b)")).toBe(true);
    }
  });

  it("closes and reopens inline code and bold that cannot be avoided", () => {
    const text = `**${"important ".repeat(8).trim()}** and \`${"a".repeat(30)} ${"b".repeat(30)}\``;
    const parts = splitMessage(text, 50);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) {
      expect((part.match(/\*\*/g) ?? []).length % 2).toBe(0);
      expect((part.match(/`/g) ?? []).length % 2).toBe(0);
    }
  });

  it("counts code points when the service does (Mattermost runes): an emoji is one, not two", () => {
    const runes = (s: string) => [...s].length;
    expect(splitMessage("😀".repeat(10), 4, runes)).toEqual(["😀😀😀😀", "😀😀😀😀", "😀😀"]);
  });
});

describe("every part the splitter makes passes the service's own rules", () => {
  const configs: ChannelsConfig = {
    telegram: { botToken: "123:abc", apiBaseUrl: "http://fake.invalid" },
    slack: { botToken: "xoxb-x", apiBaseUrl: "http://fake.invalid" },
    discord: { botToken: "d", apiBaseUrl: "http://fake.invalid" },
    mattermost: { baseUrl: "http://fake.invalid", token: "m" },
    signal: { baseUrl: "http://fake.invalid", number: "+1555" },
    whatsapp: { accessToken: "w", phoneNumberId: "1", apiBaseUrl: "http://fake.invalid" },
    imessage: { baseUrl: "http://fake.invalid", password: "p" },
    msteams: { webhooks: { ops: "http://fake.invalid/hook" } },
  };
  const bound = bindChannels(configs);

  /** The JSON body the adapter sends for `text`, caught before it leaves the process. */
  async function bodyFor(channel: (typeof bound)[number], text: string): Promise<unknown> {
    let body: unknown;
    const capture = (async (_url: unknown, init?: RequestInit) => {
      body = JSON.parse(String(init?.body));
      return new Response("{}", { status: 500 });
    }) as typeof fetch;
    await channel.send(channel.name === "msteams" ? "ops" : "to", text, {
      fetch: capture,
      signal: new AbortController().signal,
      idempotencyKey: "0f8fad5b-d9cb-469f-a165-70867728950e",
    });
    return body;
  }

  // Markdown the way models write it, with the characters services count differently: emoji (two
  // UTF-16 units, one rune, four bytes), accents, and the characters Slack escapes and JSON escapes.
  const word = fc.constantFrom(
    "deploy",
    "naïve",
    "café",
    "🚀",
    "a&b",
    "<tag>",
    'say "hi"',
    "x\\y",
    "ok",
    "€9",
  );
  const line = fc.array(word, { minLength: 3, maxLength: 14 }).map((ws) => ws.join(" "));
  const inline = fc.oneof(
    line,
    line.map((l) => `**${l}**`),
    line.map((l) => `\`${l}\``),
    line.map((l) => `[${l}](https://example.com/${l.length})`),
  );
  const paragraph = fc.array(inline, { minLength: 1, maxLength: 12 }).map((xs) => xs.join(" "));
  const fenced = fc
    .tuple(
      fc.constantFrom("", "ts", "python", "json"),
      fc.array(line, { minLength: 20, maxLength: 200, size: "max" }),
    )
    .map(([lang, lines]) => `\`\`\`${lang}\n${lines.join("\n")}\n\`\`\``);
  const reply = fc
    .array(fc.oneof(paragraph, fenced), { minLength: 1, maxLength: 60 })
    .map((bs) => bs.join("\n\n"));

  it.each(bound.map((c) => [c.name, c] as const))(
    "%s: within the size limit in the service's unit, never empty, fences balanced",
    async (name, channel) => {
      const service = name as Service;
      await fc.assert(
        fc.asyncProperty(reply, fc.integer({ min: 1, max: 12 }), async (base, times) => {
          // Long enough to need several parts at this service's limit.
          const text = Array.from({ length: times }, () => base).join("\n\n");
          const parts = splitMessage(text, channel.maxLength, channel.measure);
          for (const part of parts) {
            const verdict = rules[service].check(await bodyFor(channel, part));
            expect("refused" in verdict ? verdict.refused : "accepted").toBe("accepted");
            expect(fencesBalanced(part)).toBe(true);
          }
        }),
        // Inputs are large: report the first failure as found instead of shrinking it for minutes.
        { seed: 42, numRuns: 25, endOnFailure: true },
      );
    },
  );
});
