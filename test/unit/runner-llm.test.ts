import { afterEach, describe, expect, it } from "vitest";
import { createLlmRunner } from "../../src/runtime/runners/llm.js";
import type { RunnerInput } from "../../src/runtime/runners/types.js";
import type { ProviderConfig } from "../../src/types/generated.js";
import { type FakeAnswer, type FakeLlm, fakeLlm } from "../helpers/fake-llm.js";

let llm: FakeLlm | undefined;
afterEach(async () => {
  await llm?.close();
  llm = undefined;
});

const API_KEY = "sk-secret-key-123456";

function input(over: Partial<RunnerInput> = {}): RunnerInput {
  return {
    runId: "r1",
    sessionKey: "hook:r1",
    agentId: "main",
    model: "openai/gpt-test",
    transcript: [],
    message: "Summarise this alert",
    timeoutMs: 10_000,
    signal: new AbortController().signal,
    ...over,
  };
}

async function runner(answer: FakeAnswer, provider: Partial<ProviderConfig> = {}) {
  llm = await fakeLlm(() => answer);
  return createLlmRunner({
    providers: { openai: { baseUrl: `${llm.baseUrl}/`, apiKey: API_KEY, ...provider } },
    // Retries of 429 and 5xx answers wait for nothing here.
    sleep: async () => {},
  });
}

describe("llm runner", () => {
  it("posts an OpenAI chat completion request and returns the reply with usage", async () => {
    const r = await runner("All quiet.", { headers: { "x-team": "ops" } });
    const result = await r.run(
      input({
        systemPrompt: "Be brief.",
        thinking: "medium",
        transcript: [
          { role: "user", content: "earlier question", createdAt: 1 },
          { role: "assistant", content: "earlier answer", createdAt: 2 },
        ],
      }),
    );
    expect(result).toEqual({
      reply: "All quiet.",
      usage: { promptTokens: 11, completionTokens: 7, totalTokens: 18 },
    });
    const [req] = llm!.requests;
    expect(req!.headers.authorization).toBe(`Bearer ${API_KEY}`);
    expect(req!.headers["x-team"]).toBe("ops");
    expect(req!.headers["content-type"]).toBe("application/json");
    expect(req!.body).toEqual({
      model: "gpt-test",
      max_tokens: 4096,
      reasoning_effort: "medium",
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "earlier question" },
        { role: "assistant", content: "earlier answer" },
        { role: "user", content: "Summarise this alert" },
      ],
    });
  });

  it("leaves reasoning_effort out when the provider says thinkingParam none, and auth out without a key", async () => {
    const r = await runner("ok", { thinkingParam: "none", apiKey: undefined });
    await r.run(input({ thinking: "high", model: "openai/llama3.2:3b" }));
    const [req] = llm!.requests;
    expect(req!.body).not.toHaveProperty("reasoning_effort");
    expect(req!.body.model).toBe("llama3.2:3b");
    expect(req!.headers.authorization).toBeUndefined();
  });

  it("accepts content given as an array of text parts", async () => {
    const r = await runner({
      status: 200,
      body: {
        choices: [
          {
            message: {
              role: "assistant",
              content: [
                { type: "text", text: "a" },
                { type: "text", text: "b" },
              ],
            },
          },
        ],
      },
    });
    expect(await r.run(input())).toEqual({ reply: "ab" });
  });

  it.each([
    [
      { status: 401, body: { error: { message: `Incorrect API key provided: ${API_KEY}` } } },
      "provider openai rejected the API key (401): Incorrect API key provided: *** — check providers.openai.apiKey",
    ],
    [
      { status: 404, body: { error: { message: "The model `gpt-test` does not exist" } } },
      'provider openai does not know model "gpt-test" (404 model not found): The model `gpt-test` does not exist — check the model name and providers.openai.baseUrl',
    ],
    [
      { status: 429, headers: { "retry-after": "20" }, body: { error: { message: "Rate limit reached" } } },
      "provider openai rate limited the request (429), retry after 20s: Rate limit reached",
    ],
    [
      { status: 503, raw: "<html>Service Unavailable</html>" },
      "provider openai failed with HTTP 503: <html>Service Unavailable</html>",
    ],
    [
      { status: 400, body: { error: "bad request shape" } },
      "provider openai rejected the request (HTTP 400): bad request shape",
    ],
    [
      { status: 200, raw: "<html>login page</html>" },
      "provider openai answered with something that is not JSON (text/html): <html>login page</html>",
    ],
    [{ status: 200, body: { choices: [] } }, "provider openai answered without choices[0].message.content"],
  ] as Array<[FakeAnswer, string]>)("turns answer %# into a clear error", async (answer, message) => {
    const r = await runner(answer);
    await expect(r.run(input())).rejects.toThrow(message);
  });

  it("names what is missing when the model or provider is not usable", async () => {
    const r = createLlmRunner({ providers: {} });
    await expect(r.run(input({ model: undefined }))).rejects.toThrow(
      "agent main has no model: set agents.defaults.model, the agent's model, or model in the request",
    );
    await expect(r.run(input({ model: "gpt-test" }))).rejects.toThrow(
      'model "gpt-test" must be written provider/model',
    );
    await expect(r.run(input())).rejects.toThrow(
      'model openai/gpt-test: provider "openai" is not configured under providers',
    );
  });

  it("reports an unreachable provider with its address", async () => {
    const r = createLlmRunner({ providers: { openai: { baseUrl: "http://127.0.0.1:1/v1" } } });
    await expect(r.run(input())).rejects.toThrow(
      /could not reach provider openai at http:\/\/127\.0\.0\.1:1\/v1: /,
    );
  });

  it("stops waiting when the signal aborts", async () => {
    const r = await runner({ hang: true });
    const controller = new AbortController();
    const pending = r.run(input({ signal: controller.signal }));
    await expect.poll(() => llm!.requests.length).toBe(1);
    controller.abort(new Error("deadline"));
    await expect(pending).rejects.toThrow("deadline");
  });

  it("uses the injected fetch", async () => {
    const seen: string[] = [];
    const r = createLlmRunner({
      providers: { local: { baseUrl: "http://ollama.invalid/v1" } },
      fetch: async (url) => {
        seen.push(String(url));
        return new Response(JSON.stringify({ choices: [{ message: { content: "hi" } }] }), {
          headers: { "content-type": "application/json" },
        });
      },
    });
    expect(await r.run(input({ model: "local/qwen" }))).toEqual({ reply: "hi" });
    expect(seen).toEqual(["http://ollama.invalid/v1/chat/completions"]);
  });
});
