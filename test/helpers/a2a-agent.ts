// An A2A 1.0 agent built with the SDK's own server (DefaultRequestHandler behind its express JSON-RPC
// handler), on a loopback port. What the agent does with a message is the test's `behave` function;
// every HTTP request is recorded (headers, raw body, JSON-RPC method), the next requests can be
// answered 503 with Retry-After, a bearer token can be required (401 without it), and so can an
// extension the client does not declare (a JSON-RPC error from the SDK's server).
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { AgentCard, type Message, type Task, TaskState } from "@a2a-js/sdk";
import {
  AgentEvent,
  DefaultRequestHandler,
  type ExecutionEventBus,
  InMemoryTaskStore,
  type RequestContext,
} from "@a2a-js/sdk/server";
import { jsonRpcHandler, UserBuilder } from "@a2a-js/sdk/server/express";
import express from "express";

export interface AgentRequest {
  headers: Record<string, string | string[] | undefined>;
  raw: string;
  /** The JSON-RPC method, for example SendMessage or GetTask. */
  method: string;
  params: Record<string, unknown>;
  /** The status the agent answered (503 or 401 before the SDK saw it, else the SDK's). */
  status: number;
}

/** What the agent does with one message: publish events, then return (the bus is then finished). */
export type Behaviour = (ctx: RequestContext, bus: ExecutionEventBus, text: string) => Promise<void>;

export interface FakeA2aAgent {
  /** The JSON-RPC endpoint. */
  url: string;
  requests: AgentRequest[];
  /** The messages the agent's executor was given, in order. */
  messages: Message[];
  /** The id of each message's task, in the same order. */
  taskIds: string[];
  /** The next `n` requests get 503 with `Retry-After: retryAfter`. */
  failNext(n: number, retryAfter?: string): void;
  close(): Promise<void>;
}

/** A task of the request's context in `state`, with an optional status message and text artifacts. */
export function taskOf(
  ctx: RequestContext,
  state: TaskState,
  opts: { said?: string; artifacts?: string[] } = {},
): Task {
  return {
    id: ctx.taskId,
    contextId: ctx.contextId,
    status: {
      state,
      message: opts.said ? agentMessage(ctx, opts.said) : undefined,
      timestamp: new Date().toISOString(),
    },
    artifacts: (opts.artifacts ?? []).map((text, i) => ({
      artifactId: `artifact-${i}`,
      name: "",
      description: "",
      parts: [textPart(text)],
      metadata: undefined,
      extensions: [],
    })),
    history: [],
    metadata: undefined,
  };
}

export function agentMessage(ctx: RequestContext, text: string): Message {
  return {
    messageId: `${ctx.taskId}-reply`,
    contextId: ctx.contextId,
    taskId: "",
    role: 2,
    parts: [textPart(text)],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

function textPart(text: string) {
  return {
    content: { $case: "text" as const, value: text },
    metadata: undefined,
    filename: "",
    mediaType: "text/plain",
  };
}

export async function fakeA2aAgent(
  behave: Behaviour,
  opts: { token?: string; requiredExtension?: string } = {},
): Promise<FakeA2aAgent> {
  const requests: AgentRequest[] = [];
  const messages: Message[] = [];
  const taskIds: string[] = [];
  let failures = { left: 0, retryAfter: "0" };

  const card = AgentCard.fromJSON({
    name: "test agent",
    description: "answers hookgate's runs in tests",
    version: "1.0.0",
    // The SDK's server answers the A2A-Version its card's interfaces name; the url is set once listening.
    supportedInterfaces: [{ url: "", protocolBinding: "JSONRPC", protocolVersion: "1.0" }],
    capabilities: {
      streaming: false,
      extensions: opts.requiredExtension ? [{ uri: opts.requiredExtension, required: true }] : [],
    },
    defaultInputModes: ["text/plain"],
    defaultOutputModes: ["text/plain"],
    skills: [],
  });
  const handler = new DefaultRequestHandler(card, new InMemoryTaskStore(), {
    async execute(ctx, bus) {
      messages.push(ctx.userMessage);
      taskIds.push(ctx.taskId);
      const text = ctx.userMessage.parts
        .map((p) => (p.content?.$case === "text" ? p.content.value : ""))
        .join("\n");
      try {
        await behave(ctx, bus, text);
      } finally {
        bus.finished();
      }
    },
    async cancelTask() {},
  });

  const app = express();
  app.use(
    express.json({
      verify: (req, _res, buf) => {
        (req as unknown as { raw: string }).raw = buf.toString("utf8");
      },
    }),
  );
  app.use((req, res, next) => {
    const body = (req.body ?? {}) as { method?: string; params?: Record<string, unknown> };
    const entry: AgentRequest = {
      headers: req.headers,
      raw: (req as unknown as { raw?: string }).raw ?? "",
      method: body.method ?? "",
      params: body.params ?? {},
      status: 0,
    };
    requests.push(entry);
    res.on("finish", () => {
      entry.status = res.statusCode;
    });
    if (opts.token && req.headers.authorization !== `Bearer ${opts.token}`) {
      res.status(401).json({ error: "missing or wrong bearer token" });
      return;
    }
    if (failures.left > 0) {
      failures.left -= 1;
      res.status(503).set("retry-after", failures.retryAfter).json({ error: "busy, try again" });
      return;
    }
    next();
  });
  app.use("/a2a", jsonRpcHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }));

  const server: Server = await new Promise((ok) => {
    const s = app.listen(0, "127.0.0.1", () => ok(s));
  });
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/a2a`;
  card.supportedInterfaces[0]!.url = url;
  return {
    url,
    requests,
    messages,
    taskIds,
    failNext(n, retryAfter = "0") {
      failures = { left: n, retryAfter };
    },
    close: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}

export { AgentEvent, TaskState };
