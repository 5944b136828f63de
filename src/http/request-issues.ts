// What a hook request tells the issues (runtime/issues.ts): a mapping that failed on our side (its
// transform, mostly) counts against the mapping; a signature that failed counts against the hook path
// and the sender's address, so that a secret rotated at one sender shows as its own issue. A request
// the mapping accepted closes the mapping's issues; a verified one closes its address's issue too.
import type { ErrorCode } from "../core/errors.js";
import type { IssueRecorder } from "../runtime/issues.js";
import type { RequestNotes } from "./hook-route.js";

const SIGNATURE_CODES: ReadonlySet<ErrorCode> = new Set([
  "SIGNATURE_MISSING",
  "SIGNATURE_INVALID",
  "SIGNATURE_STALE",
]);

/** `requestId`: the request log entry's id, when there is a request log. */
export function noteRequestIssues(
  issues: IssueRecorder,
  notes: RequestNotes,
  status: number,
  at: number,
  requestId: string | undefined,
): void {
  const d = notes.decision;
  const example = requestId !== undefined ? { requestId } : {};
  if (notes.code !== undefined && SIGNATURE_CODES.has(notes.code) && notes.address && notes.signaturePath) {
    issues.failed({
      kind: "verification",
      subject: `hook:${notes.signaturePath}`,
      code: notes.code,
      address: notes.address,
      at,
      ...example,
    });
    return;
  }
  if (d?.mappingId === undefined) return;
  const subject = `mapping:${d.mappingId}`;
  if (d.kind === "refused") {
    // A failure on our side has its detail; a refusal of the sender's payload is not an issue of ours.
    if (d.detail !== undefined) issues.failed({ kind: "transform", subject, code: d.code, at, ...example });
    return;
  }
  if (status >= 300) return;
  issues.succeeded({ subject, at });
  if (notes.verified !== undefined && notes.address && notes.signaturePath) {
    issues.succeeded({ subject: `hook:${notes.signaturePath}`, address: notes.address, at });
  }
}
