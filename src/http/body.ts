import type { Readable } from "node:stream";
import { HttpError } from "./errors.js";

export interface BodyLimits {
  maxBytes: number;
  timeoutMs: number;
  /** The setting maxBytes comes from, named in the 413's sentence (default hooks.maxBodyBytes). */
  maxBytesSetting?: string;
}

/**
 * Reads a request body under a size and a time limit. A declared Content-Length above the limit is
 * refused before a byte is read; a streamed body is cut off as soon as it passes the limit.
 */
export function readBody(
  stream: Readable,
  declaredLength: string | undefined,
  limits: BodyLimits,
): Promise<Buffer> {
  if (declaredLength !== undefined && Number(declaredLength) > limits.maxBytes) {
    return Promise.reject(tooLarge(limits));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const finish = (err: HttpError | null) => {
      clearTimeout(timer);
      stream.off("data", onData);
      stream.off("end", onEnd);
      stream.off("error", onError);
      stream.off("aborted", onAborted);
      if (err) {
        stream.pause();
        reject(err);
      } else {
        resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received));
      }
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limits.maxBytes) return finish(tooLarge(limits));
      chunks.push(chunk);
    };
    const onEnd = () => finish(null);
    const onError = () => finish(new HttpError("INVALID_PAYLOAD", "request body could not be read"));
    const onAborted = () => finish(new HttpError("INVALID_PAYLOAD", "request aborted by the client"));
    const timer = setTimeout(
      () =>
        finish(
          new HttpError(
            "BODY_TIMEOUT",
            `request body not received within ${limits.timeoutMs / 1000} s (hooks.bodyTimeoutSeconds)`,
            { headers: { connection: "close" } },
          ),
        ),
      limits.timeoutMs,
    );
    stream.on("data", onData);
    stream.on("end", onEnd);
    stream.on("error", onError);
    stream.on("aborted", onAborted);
  });
}

function tooLarge(limits: BodyLimits): HttpError {
  const setting = limits.maxBytesSetting ?? "hooks.maxBodyBytes";
  // No `connection: close`: the rest of the body is read and dropped (discard-body.ts), and closing
  // on unread bytes would reset the connection before the client reads this answer.
  return new HttpError(
    "PAYLOAD_TOO_LARGE",
    `payload too large: the limit is ${limits.maxBytes} bytes (${setting})`,
  );
}
