// What is left of a refused request's body is read and dropped before the connection is let go.
// Closing a socket with unread bytes in it resets the connection, and a client that writes its whole
// body before it reads (most webhook senders) then never sees the 413 or 401 and sends the same body
// again. Reading is bounded, in bytes and in time: past either, the connection is dropped.
import type { IncomingMessage, ServerResponse } from "node:http";

export interface DiscardLimits {
  /** Bytes read and dropped at most. */
  maxBytes: number;
  /** How long the client has to finish sending. */
  timeoutMs: number;
}

/** Bytes of a refused body read and dropped at most, so that the answer reaches the client. */
export const DISCARD_MAX_BYTES = 64 * 1024 * 1024;

/**
 * Reads and drops the rest of `req`'s body while `res` answers, keeping the connection open until
 * both are done even when the client asked to close it (it is closed then, gracefully). Past the
 * limits the connection is dropped. Call before the answer is sent.
 */
export function discardRest(req: IncomingMessage, res: ServerResponse, limits: DiscardLimits): void {
  if (req.complete || req.destroyed) return;
  const closeAfter = !req.httpVersion.startsWith("1.1") || /\bclose\b/i.test(req.headers.connection ?? "");
  // Node ends the connection as soon as an answer to such a request is written, on unread bytes.
  res.shouldKeepAlive = true;
  let left = limits.maxBytes;
  let bodyDone = false;
  let answered = false;
  const settle = () => {
    if (bodyDone && answered && closeAfter) req.socket?.end();
  };
  const stop = () => {
    clearTimeout(timer);
    req.off("data", onData);
    req.off("end", onEnd);
  };
  const onEnd = () => {
    stop();
    bodyDone = true;
    settle();
  };
  const onData = (chunk: Buffer) => {
    left -= chunk.length;
    if (left < 0) {
      stop();
      req.socket?.destroy();
    }
  };
  const timer = setTimeout(() => {
    stop();
    req.socket?.destroy();
  }, limits.timeoutMs);
  timer.unref();
  res.once("finish", () => {
    answered = true;
    settle();
  });
  req.on("data", onData);
  req.once("end", onEnd);
  req.resume();
}
