// The one answer to a CloudEvents batch: every event's own answer (what it would get alone) with its
// source and id, in order. The status is the strongest of theirs: 202 when any event queued a run,
// else 200 when any was accepted, else 204 when every event was skipped.

export interface BatchAnswer {
  attributes: Record<string, unknown>;
  status: number;
  body: unknown;
  /** The event was accepted before (same source and id): its first answer, nothing started. */
  replayed: boolean;
}

export function batchAnswer(answers: readonly BatchAnswer[]): { status: number; body?: unknown } {
  const status = answers.some((a) => a.status === 202)
    ? 202
    : answers.some((a) => a.status !== 204)
      ? 200
      : 204;
  if (status === 204) return { status };
  return {
    status,
    body: {
      ok: true,
      events: answers.map((a) => ({
        id: a.attributes["id"],
        source: a.attributes["source"],
        status: a.status,
        ...(a.replayed && { replayed: true }),
        ...(typeof a.body === "object" && a.body !== null ? a.body : {}),
      })),
    },
  };
}
