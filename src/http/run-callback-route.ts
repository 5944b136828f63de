// `POST {hooks.path}/_runs/<run id>/reply/<token>`: an HTTP agent that took a run with 202 answers it
// here, with `{reply}` or `{error}`. The URL is the credential (a random token per run; the store holds
// its digest), used once, valid until the run's deadline, at any instance sharing the store. No hook
// token: the agent only knows its callback URL.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isObject } from "../core/is-object.js";
import type { CallbackAnswer, RunCallbacks } from "../runtime/run-callbacks.js";
import { CALLBACK_SEGMENT } from "../runtime/runners/http.js";
import { HttpError } from "./errors.js";

const REFUSED = {
  unknown: "CALLBACK_UNKNOWN",
  used: "CALLBACK_USED",
  expired: "CALLBACK_EXPIRED",
} as const;

/** A reply is text; a megabyte is far more than any chat message. */
const MAX_CALLBACK_BYTES = 1024 * 1024;

export function isCallbackPath(path: string, hooksPath: string): boolean {
  return path.startsWith(`${hooksPath}/${CALLBACK_SEGMENT}/`);
}

export function runCallbackRoute(app: FastifyInstance, hooksPath: string, callbacks: RunCallbacks): void {
  app.post(
    `${hooksPath}/${CALLBACK_SEGMENT}/:runId/reply/:token`,
    async (req: FastifyRequest<{ Params: { runId: string; token: string } }>, reply: FastifyReply) => {
      const answer = parseAnswer(await readBody(req));
      const outcome = await callbacks.complete(req.params.runId, req.params.token, answer);
      if (outcome !== "answered") throw new HttpError(REFUSED[outcome]);
      return reply.code(200).send({ ok: true });
    },
  );
}

async function readBody(req: FastifyRequest): Promise<string> {
  const declared = Number(req.headers["content-length"] ?? 0);
  if (declared > MAX_CALLBACK_BYTES) throw new HttpError("PAYLOAD_TOO_LARGE");
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req.body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_CALLBACK_BYTES) throw new HttpError("PAYLOAD_TOO_LARGE");
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function parseAnswer(text: string): CallbackAnswer {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new HttpError("INVALID_JSON");
  }
  if (isObject(data) && typeof data["reply"] === "string") return { reply: data["reply"] };
  if (isObject(data) && typeof data["error"] === "string" && data["error"].trim() !== "")
    return { error: data["error"] };
  throw new HttpError("CALLBACK_INVALID");
}
