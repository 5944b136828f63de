// Checks of one mapping that the schema cannot express.
import type { IssueList, SourceRef } from "../issues.js";
import type { PathSegment } from "../source/key-path.js";
import type { ResolvedMapping } from "../types.js";

/** Fields that shape the action a mapping builds: an `ignore` mapping builds none. */
const ACTION_FIELDS = [
  "forEach",
  "forEachMax",
  "transform",
  "textTemplate",
  "messageTemplate",
  "sessionKey",
  "to",
  "model",
  "thinking",
  "agentId",
  "channel",
  "flow",
  "coalesceTemplate",
] as const;

export function checkMapping(
  mapping: ResolvedMapping,
  path: readonly PathSegment[],
  source: SourceRef,
  issues: IssueList,
): void {
  if (mapping.action === "agent" && mapping.messageTemplate === undefined && !mapping.transform) {
    issues.error(
      source,
      [...path, "action"],
      `mapping ${mapping.id}: an agent mapping needs messageTemplate or transform to build the agent's message`,
    );
  }
  if (mapping.action === "ignore") {
    const unused = ACTION_FIELDS.filter((f) => mapping[f] !== undefined);
    if (unused.length > 0) {
      issues.warn(
        source,
        [...path, unused[0]!],
        `mapping ${mapping.id}: action ignore answers 204 and builds no action, so ${unused.join(", ")} ${unused.length === 1 ? "has" : "have"} no effect; remove ${unused.length === 1 ? "it" : "them"}`,
      );
    }
  }
  // A wake is not a model run of its own: it joins the next heartbeat, whose turn the rate does not count.
  if (mapping.action === "wake" && mapping.flow?.rate !== undefined) {
    issues.warn(
      source,
      [...path, "flow", "rate"],
      `mapping ${mapping.id}: flow.rate applies to agent runs only, so a wake mapping's requests are never held or dropped by it; remove flow.rate, or use flow.coalesce to merge a burst of wakes into one event`,
    );
  }
  if (mapping.action === "wake" && mapping.flow?.budget !== undefined) {
    issues.warn(
      source,
      [...path, "flow", "budget"],
      `mapping ${mapping.id}: flow.budget applies to agent runs only, so a wake mapping's requests are never held or dropped by it; remove flow.budget`,
    );
  }
  if (
    mapping.flow?.over !== undefined &&
    mapping.flow.rate === undefined &&
    mapping.flow.budget === undefined
  ) {
    issues.warn(
      source,
      [...path, "flow", "over"],
      `mapping ${mapping.id}: flow.over says what becomes of a run past flow.rate or flow.budget, and this mapping has neither; add one or remove flow.over`,
    );
  }
  if (mapping.forEachMax !== undefined && mapping.forEach === undefined) {
    issues.warn(
      source,
      [...path, "forEachMax"],
      `mapping ${mapping.id}: forEachMax has no effect without forEach; add forEach or remove forEachMax`,
    );
  }
}
