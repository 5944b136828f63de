// Checks of one mapping that the schema cannot express.
import type { IssueList, SourceRef } from "../issues.js";
import type { PathSegment } from "../source/key-path.js";
import type { ResolvedMapping } from "../types.js";

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
}
