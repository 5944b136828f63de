// The llm runner against what real providers do: each server's request body (snapshots a real change
// would break), answers whose text is not in `content`, stops at the token limit, `<think>` blocks, a
// model that refuses reasoning_effort, Ollama's missing model, rate limits with an HTTP-date
// Retry-After, and a provider slow to send its headers. Retry waits are recorded, never slept.
import { Agent, getGlobalDispatcher, setGlobalDispatcher } from "undici";
import { afterEach, describe, expect, it } from "vitest";
import { createLlmRunner } from "../../src/runtime/runners/llm.js";
import { CUT_OFF_NOTE } from "../../src/runtime/runners/llm-reply.js";
import type { RunnerInput } from "../../src/runtime/runners/types.js";
import type { ProviderConfig } from "../../src/types/generated.js";
import {
  cutOff,
  type FakeAnswer,
  type FakeLlm,
  type FakeLlmOptions,
  fakeLlm,
  limitedUntil,
  ollamaMissing,
  reasoningOnly,
  refused,
  thinkFirst,
} from "../helpers/fake-llm.js";

let llm: FakeLlm | undefined;
afterEach(async () => {
  await llm?.close();
  llm = undefined;
});

function input(over: Partial<RunnerInput> = {}): RunnerInput {
  return {
    runId: "r1",
    sessionKey: "hook:r1",
    agentId: "main",
    model: "p/some-model",
    transcript: [],
    message: "Summarise this alert",
    timeoutMs: 600_000,
    signal: new AbortController().signal,
    ...over,
  };
}

/** A runner for provider `p` at a fake answering `answers` in turn; retry waits move a fake clock. */
async function setup(
  answers: FakeAnswer[],
  provider: Partial<ProviderConfig> = {},
  options: FakeLlmOptions = {},
) {
  llm = await fakeLlm((_req, i) => answers[Math.min(i, answers.length - 1)] ?? "ok", options);
  const clock = { now: Date.parse("2025-01-01T00:00:00Z") };
  const waits: number[] = [];
  const runner = createLlmRunner({
    providers: { p: { baseUrl: llm.baseUrl, ...provider } },
    now: () => clock.now,
    random: () => 0.5,
    sleep: async (ms) => {
      waits.push(ms);
      clock.now += ms;
    },
  });
  return { runner, waits, clock, fake: llm };
}

describe("request bodies per provider", () => {
  const turn = input({
    systemPrompt: "Be brief.",
    thinking: "high",
    transcript: [{ role: "assistant", content: "earlier", createdAt: 1 }],
  });
  /** The body without its messages, which are the same for every provider (checked once). */
  const bodyFor = async (provider: Partial<ProviderConfig>, model: string, thinking = "high") => {
    const { runner, fake } = await setup(["ok"], provider);
    await runner.run({ ...turn, model: `p/${model}`, thinking });
    const { messages, ...rest } = fake.requests[0]?.body ?? { messages: [] };
    expect(messages).toEqual([
      { role: "system", content: "Be brief." },
      { role: "assistant", content: "earlier" },
      { role: "user", content: "Summarise this alert" },
    ]);
    return rest;
  };

  it("OpenAI: max_completion_tokens, reasoning_effort only for reasoning models", async () => {
    expect(await bodyFor({ api: "openai" }, "o4-mini")).toMatchInlineSnapshot(`
      {
        "max_completion_tokens": 4096,
        "model": "o4-mini",
        "reasoning_effort": "high",
      }
    `);
    expect(await bodyFor({ api: "openai" }, "gpt-5-mini", "minimal")).toMatchInlineSnapshot(`
      {
        "max_completion_tokens": 4096,
        "model": "gpt-5-mini",
        "reasoning_effort": "minimal",
      }
    `);
    expect(await bodyFor({ api: "openai" }, "gpt-4o-mini")).toMatchInlineSnapshot(`
      {
        "max_completion_tokens": 4096,
        "model": "gpt-4o-mini",
      }
    `);
  });

  it("Ollama: reasoning_effort, and none to switch thinking off", async () => {
    expect(await bodyFor({ api: "ollama" }, "qwen3:8b")).toMatchInlineSnapshot(`
      {
        "max_tokens": 4096,
        "model": "qwen3:8b",
        "reasoning_effort": "high",
      }
    `);
    expect(await bodyFor({ api: "ollama" }, "qwen3:8b", "off")).toMatchInlineSnapshot(`
      {
        "max_tokens": 4096,
        "model": "qwen3:8b",
        "reasoning_effort": "none",
      }
    `);
  });

  it("vLLM and llama.cpp: reasoning_effort, and the chat template switch to turn thinking off", async () => {
    expect(
      await bodyFor({ api: "vllm", maxTokens: 2048 }, "Qwen/Qwen3-8B", "minimal"),
    ).toMatchInlineSnapshot(`
      {
        "max_tokens": 2048,
        "model": "Qwen/Qwen3-8B",
        "reasoning_effort": "low",
      }
    `);
    expect(await bodyFor({ api: "vllm" }, "Qwen/Qwen3-8B", "off")).toMatchInlineSnapshot(`
      {
        "chat_template_kwargs": {
          "enable_thinking": false,
        },
        "max_tokens": 4096,
        "model": "Qwen/Qwen3-8B",
      }
    `);
    expect(await bodyFor({ api: "llamacpp", maxTokens: 0 }, "qwen3", "medium")).toMatchInlineSnapshot(`
      {
        "model": "qwen3",
        "reasoning_effort": "medium",
      }
    `);
  });

  it("OpenRouter: reasoning.effort", async () => {
    expect(await bodyFor({ api: "openrouter" }, "deepseek/deepseek-r1")).toMatchInlineSnapshot(`
      {
        "max_tokens": 4096,
        "model": "deepseek/deepseek-r1",
        "reasoning": {
          "effort": "high",
        },
      }
    `);
  });

  it("knows the provider by its address when api is not set", async () => {
    const { apiOf } = await import("../../src/runtime/runners/llm-request.js");
    expect(apiOf({ baseUrl: "https://api.openai.com/v1" })).toBe("openai");
    expect(apiOf({ baseUrl: "https://my-res.openai.azure.com/openai/v1" })).toBe("openai");
    expect(apiOf({ baseUrl: "https://openrouter.ai/api/v1" })).toBe("openrouter");
    expect(apiOf({ baseUrl: "http://127.0.0.1:11434/v1" })).toBe("ollama");
    expect(apiOf({ baseUrl: "http://gpu-box:8000/v1" })).toBe("compatible");
    expect(apiOf({ baseUrl: "http://gpu-box:8000/v1", api: "vllm" })).toBe("vllm");
  });
});

describe("answers whose text is not simply in content", () => {
  it("delivers the refusal when content is null", async () => {
    const { runner } = await setup([refused("I can't help with that request.")]);
    expect((await runner.run(input())).reply).toBe("I can't help with that request.");
  });

  it("uses the reasoning field when the server filed the whole answer there", async () => {
    const { runner } = await setup([reasoningOnly("Disk usage is at 91% on db1.")]);
    expect((await runner.run(input())).reply).toBe("Disk usage is at 91% on db1.");
    const { runner: r2 } = await setup([reasoningOnly("From OpenRouter.", "reasoning")]);
    expect((await r2.run(input())).reply).toBe("From OpenRouter.");
  });

  it("strips a leading <think> block and keeps only the answer", async () => {
    const { runner } = await setup([
      thinkFirst("The user wants a summary. Let me see.", "All services are up."),
    ]);
    expect((await runner.run(input())).reply).toBe("All services are up.");
  });

  it("marks a reply cut off by the token limit, so the reader knows it is incomplete", async () => {
    const { runner } = await setup([cutOff("The outage began at 10:02 and")]);
    expect((await runner.run(input())).reply).toBe(`The outage began at 10:02 and\n\n${CUT_OFF_NOTE}`);
  });

  it("fails with what to change when the token limit came before any answer", async () => {
    const { runner } = await setup([cutOff(null, "Let me think about this step by step...")], {
      maxTokens: 512,
    });
    await expect(runner.run(input())).rejects.toThrow(
      "provider p stopped at the token limit before writing an answer (it was still reasoning): " +
        "raise providers.p.maxTokens (now 512) or lower the thinking level",
    );
  });
});

describe("errors and retries", () => {
  it("drops reasoning_effort for a model that refuses it, and does not send it to that model again", async () => {
    const { runner, fake } = await setup(["fine"], {}, { rejectsReasoningEffort: true });
    expect((await runner.run(input({ thinking: "low" }))).reply).toBe("fine");
    expect(fake.requests.map((r) => r.body.reasoning_effort)).toEqual(["low", undefined]);
    await runner.run(input({ thinking: "low" }));
    expect(fake.requests).toHaveLength(3);
    expect(fake.requests[2]?.body.reasoning_effort).toBeUndefined();
  });

  it("names the fix when Ollama does not have the model", async () => {
    const { runner } = await setup([ollamaMissing("llama3.2:3b")], { api: "ollama" });
    await expect(runner.run(input({ model: "p/llama3.2:3b" }))).rejects.toThrow(
      'provider p does not know model "llama3.2:3b" (404 model not found): model "llama3.2:3b" not found, ' +
        "try pulling it first — pull it on the Ollama host: ollama pull llama3.2:3b",
    );
  });

  it("waits until the HTTP date a 429 names, then retries", async () => {
    const start = Date.parse("2025-01-01T00:00:00Z");
    const { runner, waits, fake } = await setup([limitedUntil(new Date(start + 42_000)), "after the wait"]);
    expect((await runner.run(input())).reply).toBe("after the wait");
    expect(waits).toEqual([42_000]);
    expect(fake.requests).toHaveLength(2);
  });

  it("backs off on 5xx without Retry-After: 1 s, 2 s, 4 s (random = 0.5: three quarters of each)", async () => {
    const down: FakeAnswer = { status: 503, body: { error: { message: "overloaded" } } };
    const { runner, waits } = await setup([down, down, down, "back"]);
    expect((await runner.run(input())).reply).toBe("back");
    expect(waits).toEqual([750, 1500, 3000]);
  });

  it("gives up after four attempts with the provider's last error", async () => {
    const down: FakeAnswer = { status: 502, body: { error: { message: "bad gateway" } } };
    const { runner, fake } = await setup([down]);
    await expect(runner.run(input())).rejects.toThrow("provider p failed with HTTP 502: bad gateway");
    expect(fake.requests).toHaveLength(4);
  });

  it("fails at once when the wait asked for would end after the run's timeout", async () => {
    const { runner, waits } = await setup([
      { status: 429, headers: { "retry-after": "900" }, body: { error: { message: "slow down" } } },
    ]);
    await expect(runner.run(input({ timeoutMs: 60_000 }))).rejects.toThrow(
      "provider p rate limited the request (429), retry after 900s: slow down (a retry in 900 s would come after the run's timeout)",
    );
    expect(waits).toEqual([]);
  });
});

describe("a provider slow to send its headers", () => {
  it("is waited for as long as the run allows, not cut off by the HTTP client's own header timeout", async () => {
    llm = await fakeLlm(() => ({ delayMs: 1500, answer: "worth the wait" }));
    // Stands in for undici's default 300 s header timeout, shortened so the test need not wait it.
    const previous = getGlobalDispatcher();
    const impatient = new Agent({ headersTimeout: 100 });
    setGlobalDispatcher(impatient);
    try {
      // The witness: a plain fetch on the default dispatcher gives up waiting for the headers.
      await expect(
        fetch(`${llm.baseUrl}/chat/completions`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ model: "m", messages: [] }),
        }),
      ).rejects.toThrow();
      const runner = createLlmRunner({ providers: { p: { baseUrl: llm.baseUrl } } });
      expect((await runner.run(input())).reply).toBe("worth the wait");
    } finally {
      setGlobalDispatcher(previous);
      await impatient.close();
    }
  });
});
