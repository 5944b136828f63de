// `hookgate runs retry`: failed runs queued again with their original message, as new runs linked to
// the old ones. Which runs: those of an issue (its agent's failed runs, or the runs whose reply its
// channel could not deliver, between the issue's first and last failure), or every failed run since
// a time, of one mapping if asked. A run is retried once: a run that already has a retry is left out.
import { timeOrderedId } from "../core/time-ordered-id.js";
import type { IssueRecord, NewRun, RunRecord, Store } from "../store/types.js";
import { safeTable } from "./terminal-text.js";
import { clipLine } from "./text-table.js";

/** Failed runs looked at, newest first. */
const SCAN = 1000;

export type RetrySelection =
  | { issue: number }
  | { failed: true; since: number; mappingId?: string | undefined };

type Reader = Pick<Store, "getIssue" | "listRuns" | "runLinks">;

/** The runs to retry, oldest first; a problem to print when the selection names nothing retryable. */
export async function runsToRetry(
  store: Reader,
  selection: RetrySelection,
): Promise<{ runs: RunRecord[] } | { problem: string }> {
  let candidates: RunRecord[];
  if ("issue" in selection) {
    const issue = await store.getIssue(selection.issue);
    if (!issue) return { problem: `no issue ${selection.issue}` };
    if (issue.kind !== "run" && issue.kind !== "delivery") {
      return {
        problem: `issue ${issue.id} is about requests (${issue.kind}), which started no runs: fix the cause, then send them again with hookgate replay --send`,
      };
    }
    candidates = (await failedRuns(store, issue.kind === "delivery")).filter((r) => ofIssue(r, issue));
  } else {
    candidates = (await failedRuns(store, false)).filter(
      (r) =>
        r.receivedAt >= selection.since &&
        (selection.mappingId === undefined || r.mappingId === selection.mappingId),
    );
  }
  const links = await Promise.all(candidates.map((r) => store.runLinks(r.id)));
  const runs = candidates.filter((_, i) => links[i]!.retriedAs.length === 0);
  return { runs: runs.sort((a, b) => a.receivedAt - b.receivedAt) };
}

async function failedRuns(store: Reader, deliveries: boolean): Promise<RunRecord[]> {
  if (deliveries) {
    const recent = await store.listRuns({ limit: SCAN, status: "succeeded" });
    return recent.filter((r) => r.delivery?.status === "failed");
  }
  const [failed, timedOut] = await Promise.all([
    store.listRuns({ limit: SCAN, status: "failed" }),
    store.listRuns({ limit: SCAN, status: "timed_out" }),
  ]);
  return [...failed, ...timedOut];
}

/** Whether a run's failure is one the issue counted. */
function ofIssue(r: RunRecord, issue: IssueRecord): boolean {
  const name = issue.subject.slice(issue.subject.indexOf(":") + 1);
  const inWindow = (at: number | undefined) =>
    at !== undefined && at >= issue.firstSeen && at <= issue.lastSeen;
  if (issue.kind === "delivery") return r.delivery?.channel === name && inWindow(r.delivery.updatedAt);
  const status = issue.code === "RUN_TIMED_OUT" ? "timed_out" : "failed";
  return r.status === status && (r.resolvedAgentId ?? r.agentId) === name && inWindow(r.finishedAt);
}

/** The new run of a retry: the old one's message and settings, a new id, received now. */
export function retryOf(old: RunRecord, now: number): NewRun {
  const {
    id: _id,
    receivedAt: _receivedAt,
    traceContext: _traceContext,
    status: _status,
    attempts: _attempts,
    resolvedAgentId: _resolvedAgentId,
    resolvedModel: _resolvedModel,
    reply: _reply,
    error: _error,
    usage: _usage,
    startedAt: _startedAt,
    finishedAt: _finishedAt,
    delivery: _delivery,
    prompt: _prompt,
    ...request
  } = old;
  return { ...request, id: timeOrderedId(now), receivedAt: now };
}

export function retryTable(pairs: Array<{ old: RunRecord; id?: string }>): string {
  return safeTable(
    ["RUN ID", "STATUS", "NAME", "ERROR", "RETRIED AS"],
    pairs.map(({ old, id }) => [
      old.id,
      old.delivery?.status === "failed" ? "delivery failed" : old.status,
      clipLine(old.name, 24),
      clipLine(old.error ?? old.delivery?.reason ?? "", 50),
      id ?? "(dry run)",
    ]),
  );
}
