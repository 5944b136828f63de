// A fake OpenAI-compatible provider: fastify on a loopback port answering POST /v1/chat/completions
// with the real response shape. Every request is recorded; `answer` decides each reply. The variants
// below answer as the real servers do in the cases a runner must handle: a refusal with null content,
// the answer filed as reasoning, a stop at the token limit, a `<think>` block, a model that refuses
// reasoning_effort, Ollama's missing model, a 429 with an HTTP-date Retry-After, and late headers.
import Fastify, { type FastifyInstance } from "fastify";

export interface ChatRequest {
  headers: Record<string, string | string[] | undefined>;
  body: {
    model: string;
    messages: Array<{ role: string; content: string }>;
    reasoning_effort?: string;
    [k: string]: unknown;
  };
}

export type FakeAnswer =
  | string
  | { status: number; body?: unknown; raw?: string; contentType?: string; headers?: Record<string, string> }
  | { hang: true }
  /** Sends nothing, not even headers, for `delayMs`, then `answer`. */
  | { delayMs: number; answer: FakeAnswer };

export interface FakeLlmOptions {
  /** Refuses any request carrying reasoning_effort with OpenAI's 400, as non-reasoning models do. */
  rejectsReasoningEffort?: boolean;
}

export interface FakeLlm {
  /** Base URL to put in providers.<name>.baseUrl (ends in /v1). */
  baseUrl: string;
  requests: ChatRequest[];
  /** Most requests seen in progress at the same time. */
  maxConcurrent: number;
  /** Content of the last user message of request `i`. */
  userMessage(i: number): string;
  close(): Promise<void>;
}

export function completion(
  content: string | null,
  model = "test-model",
  over: { finish_reason?: string; message?: Record<string, unknown> } = {},
): Record<string, unknown> {
  return {
    id: "chatcmpl-test",
    object: "chat.completion",
    created: 1_700_000_000,
    model,
    choices: [
      {
        index: 0,
        message: { role: "assistant", content, ...over.message },
        finish_reason: over.finish_reason ?? "stop",
      },
    ],
    usage: { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 },
  };
}

const ok = (body: unknown): FakeAnswer => ({ status: 200, body });

/** OpenAI's answer to a refused request: content null, the text in `refusal`. */
export const refused = (text: string) => ok(completion(null, "gpt-test", { message: { refusal: text } }));

/** The answer filed as reasoning (vLLM and llama.cpp `reasoning_content`, OpenRouter `reasoning`). */
export const reasoningOnly = (text: string, field: "reasoning_content" | "reasoning" = "reasoning_content") =>
  ok(completion(null, "test-model", { message: { [field]: text } }));

/** A reply stopped by max_tokens. */
export const cutOff = (content: string | null, reasoning?: string) =>
  ok(
    completion(content, "test-model", {
      finish_reason: "length",
      ...(reasoning ? { message: { reasoning_content: reasoning } } : {}),
    }),
  );

/** A reasoning model served without a reasoning parser: the thought inline, first. */
export const thinkFirst = (thought: string, answer: string) => `<think>\n${thought}\n</think>\n\n${answer}`;

/** Ollama's answer for a model it does not have. */
export const ollamaMissing = (model: string): FakeAnswer => ({
  status: 404,
  body: {
    error: {
      message: `model "${model}" not found, try pulling it first`,
      type: "api_error",
      param: null,
      code: null,
    },
  },
});

/** A 429 asking to come back at `at`, given as an HTTP date. */
export const limitedUntil = (at: Date): FakeAnswer => ({
  status: 429,
  headers: { "retry-after": at.toUTCString() },
  body: {
    error: { message: "Rate limit reached for requests", type: "requests", code: "rate_limit_exceeded" },
  },
});

const REASONING_EFFORT_REFUSAL = {
  error: {
    message: "Unrecognized request argument supplied: reasoning_effort",
    type: "invalid_request_error",
    param: "reasoning_effort",
    code: null,
  },
};

export async function fakeLlm(
  answer: (req: ChatRequest, index: number) => FakeAnswer | Promise<FakeAnswer> = () => "ok",
  options: FakeLlmOptions = {},
): Promise<FakeLlm> {
  const app: FastifyInstance = Fastify({ logger: false, forceCloseConnections: true });
  const requests: ChatRequest[] = [];
  let inProgress = 0;
  const fake: FakeLlm = {
    baseUrl: "",
    requests,
    maxConcurrent: 0,
    userMessage(i) {
      const messages = requests[i]?.body.messages ?? [];
      return messages[messages.length - 1]?.content ?? "";
    },
    close: () => app.close(),
  };
  app.post("/v1/chat/completions", async (req, reply) => {
    const seen: ChatRequest = { headers: { ...req.headers }, body: req.body as ChatRequest["body"] };
    requests.push(seen);
    inProgress++;
    fake.maxConcurrent = Math.max(fake.maxConcurrent, inProgress);
    try {
      if (options.rejectsReasoningEffort && seen.body.reasoning_effort !== undefined) {
        return reply.code(400).send(REASONING_EFFORT_REFUSAL);
      }
      let a = await answer(seen, requests.length - 1);
      while (typeof a === "object" && "delayMs" in a) {
        await new Promise((r) => setTimeout(r, (a as { delayMs: number }).delayMs));
        a = a.answer;
      }
      if (typeof a === "string") return reply.send(completion(a, seen.body.model));
      if ("hang" in a) {
        await new Promise<void>((resolve) => req.raw.socket.once("close", () => resolve()));
        return reply;
      }
      reply.code(a.status);
      for (const [k, v] of Object.entries(a.headers ?? {})) reply.header(k, v);
      if (a.raw !== undefined) return reply.type(a.contentType ?? "text/html").send(a.raw);
      return reply.send(a.body ?? {});
    } finally {
      inProgress--;
    }
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  fake.baseUrl = `http://127.0.0.1:${port}/v1`;
  return fake;
}

/** A promise with its resolve function, for answers that wait until the test lets them go. */
export function gate(): { promise: Promise<void>; open(): void } {
  let open = () => {};
  const promise = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}
