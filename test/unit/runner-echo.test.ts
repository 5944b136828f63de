import { describe, expect, it } from "vitest";
import { wrapExternalContent } from "../../src/core/untrusted-content.js";
import { echoRunner } from "../../src/runtime/runners/echo.js";
import type { RunnerInput } from "../../src/runtime/runners/types.js";

function input(over: Partial<RunnerInput> = {}): RunnerInput {
  return {
    sessionKey: "hook:x",
    agentId: "main",
    transcript: [],
    message: "",
    timeoutMs: 1000,
    signal: new AbortController().signal,
    ...over,
  };
}

describe("echo runner", () => {
  it("replies with the first line and the message length", async () => {
    expect(await echoRunner.run(input({ message: "\n  Build 17 failed  \ndetails follow" }))).toEqual({
      reply: "echo: Build 17 failed (35 chars)",
    });
    expect((await echoRunner.run(input({ message: "   " }))).reply).toBe("echo: empty message (3 chars)");
  });

  it("shows that a session continues", async () => {
    const transcript = [
      { role: "user" as const, content: "a", createdAt: 1 },
      { role: "assistant" as const, content: "b", createdAt: 2 },
    ];
    expect((await echoRunner.run(input({ message: "again", transcript }))).reply).toBe(
      "echo: again (5 chars, 2 earlier messages)",
    );
  });

  it("quotes the payload, not the safety notice, of wrapped external content", async () => {
    const message = wrapExternalContent("Invoice 311 is overdue\nAmount: 40 EUR", {
      hookName: "Stripe",
      runId: "r1",
      receivedAt: 0,
      source: "Webhook",
    });
    expect((await echoRunner.run(input({ message }))).reply).toBe(
      `echo: Invoice 311 is overdue (${message.length} chars)`,
    );
  });

  it("acks an empty heartbeat and digests pending events", async () => {
    const hb = (events: string[]) =>
      input({ message: "heartbeat", heartbeat: { ackToken: "HEARTBEAT_OK", events } });
    expect((await echoRunner.run(hb([]))).reply).toBe("HEARTBEAT_OK");
    expect((await echoRunner.run(hb(["disk full\non db1"]))).reply).toBe("1 event: disk full on db1");
    const long = (await echoRunner.run(hb(Array.from({ length: 50 }, (_, i) => `event number ${i}`)))).reply;
    expect(long.startsWith("50 events: event number 0 | event number 1")).toBe(true);
    expect(long.length).toBeLessThanOrEqual(300);
  });
});
