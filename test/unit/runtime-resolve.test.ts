import pino from "pino";
import { describe, expect, it } from "vitest";
import { isAckOnly } from "../../src/runtime/ack.js";
import { HeartbeatScheduler } from "../../src/runtime/heartbeat-scheduler.js";
import { heartbeatSettings, resolveAgent, resolveModelName, runSettings } from "../../src/runtime/resolve.js";
import { firstLine, summaryLine } from "../../src/runtime/summary.js";
import type { NewRun } from "../../src/store/types.js";
import { testConfig } from "../helpers/config.js";
import { gate } from "../helpers/fake-llm.js";
import { ManualTimers } from "../helpers/runtime.js";

const run = (over: Partial<NewRun> = {}): NewRun => ({
  id: "r",
  name: "n",
  message: "m",
  sessionKey: "hook:r",
  wakeMode: "now",
  deliver: true,
  channel: "last",
  receivedAt: 0,
  ...over,
});

describe("ack-only replies", () => {
  it.each(["HEARTBEAT_OK", "  HEARTBEAT_OK.\n", "**HEARTBEAT_OK**", "`HEARTBEAT_OK`!", "heartbeat_ok"])(
    "%j is ack-only",
    (reply) => expect(isAckOnly(reply, "HEARTBEAT_OK")).toBe(true),
  );
  it.each(["HEARTBEAT_OK but the disk is full", "OK", "", "HEARTBEAT_OK HEARTBEAT_OK"])(
    "%j is not",
    (reply) => expect(isAckOnly(reply, "HEARTBEAT_OK")).toBe(false),
  );
});

describe("summaries", () => {
  it("take the reply's first line, cut near 200 characters", () => {
    expect(summaryLine("GitHub", "succeeded", "\n\nPR #5 merged.\nMore text")).toBe(
      "Hook GitHub: PR #5 merged.",
    );
    expect(summaryLine("Mail", "failed", "provider down")).toBe("Hook Mail (failed): provider down");
    expect(summaryLine("Mail", "succeeded", "")).toBe("Hook Mail: (empty reply)");
    const long = firstLine("x".repeat(500));
    expect(long).toHaveLength(200);
    expect(long.endsWith("…")).toBe(true);
  });
});

describe("turn settings", () => {
  const config = testConfig({
    agents: {
      defaults: {
        model: "openai/gpt-4o-mini",
        models: { "openai/gpt-4o-mini": { alias: "mini" }, "openai/gpt-4o": { alias: "big" } },
        thinking: "low",
        timeoutSeconds: 600,
      },
      list: [
        { id: "main", runner: { kind: "llm" } },
        {
          id: "ops",
          runner: { kind: "llm" },
          model: "big",
          thinking: "high",
          timeoutSeconds: 60,
          default: true,
        } as never,
      ],
      defaultAgentId: "ops",
    },
    hooks: { mail: { model: "mini", thinking: "minimal" } },
  });

  it("falls back to the default agent for unknown or missing ids", () => {
    expect(resolveAgent(config, "main").id).toBe("main");
    expect(resolveAgent(config, "ghost").id).toBe("ops");
    expect(resolveAgent(config).id).toBe("ops");
  });

  it("finds an agent by its id in any case (OpenClaw lower-cases ids)", () => {
    expect(resolveAgent(config, "MAIN").id).toBe("main");
    expect(resolveAgent(config, " Main ").id).toBe("main");
  });

  it("resolves aliases and leaves other names alone", () => {
    expect(resolveModelName(config, "big")).toBe("openai/gpt-4o");
    expect(resolveModelName(config, "openai/gpt-4o")).toBe("openai/gpt-4o");
    expect(resolveModelName(config, "other/x")).toBe("other/x");
    expect(resolveModelName(config, undefined)).toBeUndefined();
  });

  it("finds aliases and keys only in the list itself, never among object built-ins", () => {
    const odd = testConfig({
      agents: {
        defaults: {
          models: { "openai/gpt-4o": { alias: "constructor" }, "ollama/llama3": { alias: "toString" } },
        },
      },
    });
    expect(resolveModelName(odd, "constructor")).toBe("openai/gpt-4o");
    expect(resolveModelName(odd, "toString")).toBe("ollama/llama3");
    expect(resolveModelName(odd, "valueOf")).toBe("valueOf");
    expect(resolveModelName(odd, "__proto__")).toBe("__proto__");
  });

  it("applies run → mail pack → agent → defaults", () => {
    expect(runSettings(config, run({ agentId: "main" }))).toMatchObject({
      model: "openai/gpt-4o-mini",
      thinking: "low",
      timeoutSeconds: 600,
    });
    expect(runSettings(config, run())).toMatchObject({
      model: "openai/gpt-4o",
      thinking: "high",
      timeoutSeconds: 60,
    });
    expect(runSettings(config, run({ pack: "gmail" }))).toMatchObject({
      model: "openai/gpt-4o-mini",
      thinking: "minimal",
    });
    expect(
      runSettings(config, run({ pack: "mail", model: "big", thinking: "xhigh", timeoutSeconds: 5 })),
    ).toMatchObject({
      model: "openai/gpt-4o",
      thinking: "xhigh",
      timeoutSeconds: 5,
    });
    expect(heartbeatSettings(config)).toMatchObject({
      model: "openai/gpt-4o",
      thinking: "high",
      timeoutSeconds: 60,
    });
  });
});

describe("heartbeat scheduler", () => {
  it("coalesces requests, runs one at a time and owes exactly one more", async () => {
    const timers = new ManualTimers();
    const beats: string[] = [];
    let hold = gate();
    const scheduler = new HeartbeatScheduler({
      everyMs: 0,
      coalesceMs: 100,
      timers,
      log: pino({ level: "silent" }),
      beat: async (reason) => {
        beats.push(reason);
        await hold.promise;
      },
    });
    scheduler.request("now");
    expect(timers.delays).toEqual([]);
    scheduler.start();
    scheduler.request("now");
    scheduler.request("run");
    expect(timers.delays).toEqual([100]);
    timers.fire();
    expect(beats).toEqual(["now"]);
    scheduler.request("run");
    scheduler.request("now");
    expect(timers.delays).toEqual([]);
    const first = hold;
    hold = gate();
    hold.open();
    first.open();
    await scheduler.current;
    expect(timers.delays).toEqual([100]);
    timers.fire();
    await scheduler.current;
    expect(beats).toEqual(["now", "run"]);
    await scheduler.stop();
    scheduler.request("now");
    expect(timers.delays).toEqual([]);
  });
});
