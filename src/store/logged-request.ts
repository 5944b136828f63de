// A request-log entry as it is stored, made when the request ends: entries wait for their batch (up to
// 100 ms), and an entry held as one JSON string costs the garbage collector far less to keep than the
// object graph it came from (paired server runs: test/bench/README.md, "Where the time goes").
import type { LoggedRequest, RequestLogEntry } from "./types.js";

/** The columns of a request log row; what no filter needs travels as JSON in `entry`. */
export function loggedRequest(e: RequestLogEntry): LoggedRequest {
  // The body travels in its own column: left out of the JSON by clearing it for the one call (JSON
  // leaves undefined out) rather than by copying every other key into a new object.
  const body = e.body;
  e.body = undefined;
  const entry = JSON.stringify(e);
  e.body = body;
  return {
    id: e.id,
    receivedAt: e.receivedAt,
    hook: e.hook,
    status: e.status,
    outcome: e.outcome,
    code: e.code ?? null,
    mappingId: e.mappingId ?? null,
    runId: e.runId ?? null,
    deliveryId: e.deliveryId ?? null,
    entry,
    body: body === undefined ? null : Buffer.from(body.buffer, body.byteOffset, body.byteLength),
  };
}
