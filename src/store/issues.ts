// Issues as both stores keep them: the row, its record, and the key that tells one open issue from
// another (kind, path, code and, for verification failures, the sender's address).
import type { IssueFailure, IssueKind, IssueRecord } from "./types.js";

export interface IssueRow {
  id: number;
  kind: string;
  subject: string;
  code: string;
  address: string | null;
  count: number;
  first_seen: number;
  last_seen: number;
  closed_at: number | null;
  example_run_id: string | null;
  example_request_id: string | null;
  message: string | null;
}

/** At most one issue is open per key (a unique index over the open ones). */
export function issueKey(f: Pick<IssueFailure, "kind" | "subject" | "code" | "address">): string {
  return JSON.stringify([f.kind, f.subject, f.code, f.address ?? null]);
}

export function issueFromRow(row: IssueRow): IssueRecord {
  return {
    id: Number(row.id),
    kind: row.kind as IssueKind,
    subject: row.subject,
    code: row.code,
    ...(row.address !== null && { address: row.address }),
    count: Number(row.count),
    firstSeen: Number(row.first_seen),
    lastSeen: Number(row.last_seen),
    ...(row.closed_at !== null && { closedAt: Number(row.closed_at) }),
    ...(row.example_run_id !== null && { exampleRunId: row.example_run_id }),
    ...(row.example_request_id !== null && { exampleRequestId: row.example_request_id }),
    ...(row.message !== null && { message: row.message }),
  };
}

/** The WHERE clause of a listing by status (none: every issue). */
export function issueStatusWhere(status: "open" | "closed" | undefined): string {
  if (status === undefined) return "";
  return status === "open" ? "WHERE closed_at IS NULL" : "WHERE closed_at IS NOT NULL";
}

/** The columns of a failure, in the order the stores' INSERT lists them. */
export function failureColumns(f: IssueFailure): unknown[] {
  return [
    issueKey(f),
    f.kind,
    f.subject,
    f.code,
    f.address ?? null,
    f.count,
    f.firstAt,
    f.lastAt,
    f.runId ?? null,
    f.requestId ?? null,
    f.message ?? null,
  ];
}

/** What an issue is about, in words: "runner failing for agent main". */
export function issueTitle(i: Pick<IssueRecord, "kind" | "subject" | "address">): string {
  const name = i.subject.slice(i.subject.indexOf(":") + 1);
  switch (i.kind) {
    case "run":
      return `runs failing for agent ${name}`;
    case "delivery":
      return `replies not delivered on channel ${name}`;
    case "transform":
      return `mapping ${name} failing on our side`;
    case "verification":
      return `signatures failing on /${name} from ${i.address === "*" ? "many addresses" : (i.address ?? "an address")}`;
  }
}
