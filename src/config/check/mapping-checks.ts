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
  if (mapping.forEachMax !== undefined && mapping.forEach === undefined) {
    issues.warn(
      source,
      [...path, "forEachMax"],
      `mapping ${mapping.id}: forEachMax has no effect without forEach; add forEach or remove forEachMax`,
    );
  }
}
