import type { Readable } from "node:stream";
import { HttpError } from "./errors.js";
import type { BodyReservation } from "./unauthenticated-bodies.js";

export interface BodyLimits {
  maxBytes: number;
  timeoutMs: number;
  /** The setting maxBytes comes from, named in the 413's sentence (default hooks.maxBodyBytes). */
  maxBytesSetting?: string;
  /**
   * A request without the token: what is read is held against the server's budget for such bodies
   * (the declared length at once), and reading stops with 503 when the budget is spent. The caller
   * releases it.
   */
  reservation?: BodyReservation;
}

/** Seconds a sender refused for the budget of bodies without the token is asked to wait. */
const BUSY_RETRY_SECONDS = 5;

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
  // A body announced in full is held at once, so a refusal comes before any of it is read; a chunked
  // one grows its share as it arrives.
  const { reservation } = limits;
  if (reservation && !reservation.grow(declaredLength === undefined ? 1 : Number(declaredLength) || 0)) {
    return Promise.reject(busy());
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
      if (reservation && !reservation.grow(received)) return finish(busy());
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

function busy(): HttpError {
  return new HttpError(
    "UNAUTHENTICATED_BODIES_BUSY",
    "too many requests without the hook token are being read (hooks.unauthenticatedBodyBytes); the request was not accepted, retry later",
    { headers: { "retry-after": String(BUSY_RETRY_SECONDS) } },
  );
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
