// A fake OpenAI-compatible provider: fastify on a loopback port answering POST /v1/chat/completions
// with the real response shape. Every request is recorded; `answer` decides each reply.
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
  | { hang: true };

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

export function completion(content: string, model = "test-model"): Record<string, unknown> {
  return {
    id: "chatcmpl-test",
    object: "chat.completion",
    created: 1_700_000_000,
    model,
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
    usage: { prompt_tokens: 11, completion_tokens: 7, total_tokens: 18 },
  };
}

export async function fakeLlm(
  answer: (req: ChatRequest, index: number) => FakeAnswer | Promise<FakeAnswer> = () => "ok",
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
      const a = await answer(seen, requests.length - 1);
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
