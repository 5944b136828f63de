// Mappings' lanes, resolved at load: the name their runs are counted under (core/lane.ts) and how many
// of them may run at once. A named lane's limit is hooks.lanes.<name>.concurrency, or the
// flow.concurrency of the mappings naming it (which must then agree), else 1.
import type { ResolvedMapping } from "../config/types.js";
import { ownLane, type RunLane } from "../core/lane.js";

/** A problem with a mapping's lane, for the issue on `field`. */
export interface LaneProblem {
  field: string;
  message: string;
}

/** Each named lane's limit over every mapping of an index; problems by mapping. */
export function laneLimits(
  mappings: readonly ResolvedMapping[],
  lanes: Readonly<Record<string, { concurrency?: number }>> | undefined,
): { limits: Map<string, number>; problems: Map<ResolvedMapping, LaneProblem> } {
  const limits = new Map<string, number>();
  const setBy = new Map<string, string>();
  const problems = new Map<ResolvedMapping, LaneProblem>();
  for (const [name, lane] of Object.entries(lanes ?? {})) {
    limits.set(name, lane.concurrency ?? 1);
    setBy.set(name, `hooks.lanes.${name}.concurrency`);
  }
  for (const mapping of mappings) {
    const { lane: name, concurrency } = mapping.flow ?? {};
    if (name === undefined || concurrency === undefined) continue;
    const before = limits.get(name);
    if (before === undefined) {
      limits.set(name, concurrency);
      setBy.set(name, `mapping ${mapping.id}'s flow.concurrency`);
    } else if (before !== concurrency) {
      problems.set(mapping, {
        field: "flow.concurrency",
        message: `flow.concurrency ${concurrency} disagrees with ${setBy.get(name)} (${before}) for lane ${name}; set hooks.lanes.${name}.concurrency and drop flow.concurrency from the mappings`,
      });
    }
  }
  return { limits, problems };
}

/** The mapping's lane (undefined: none), or the problem with it. */
export function mappingLane(
  mapping: ResolvedMapping,
  limits: ReadonlyMap<string, number>,
): RunLane | LaneProblem | undefined {
  const { lane: name, concurrency } = mapping.flow ?? {};
  if (name === undefined && concurrency === undefined) return undefined;
  if (mapping.action !== "agent") {
    const field = name !== undefined ? "flow.lane" : "flow.concurrency";
    return {
      field,
      message: `${field} applies to agent runs; remove it from this ${mapping.action} mapping`,
    };
  }
  if (name === undefined) return { name: ownLane(mapping.id), limit: concurrency! };
  return { name, limit: limits.get(name) ?? 1 };
}

/** Every lane the configuration names (hooks.lanes, flow.lane, a mapping's own): the metrics' labels. */
export function configuredLanes(
  mappings: readonly ResolvedMapping[],
  lanes: Readonly<Record<string, unknown>> | undefined,
): string[] {
  const names = new Set(Object.keys(lanes ?? {}));
  for (const m of mappings) {
    if (m.action !== "agent" || !m.flow) continue;
    if (m.flow.lane !== undefined) names.add(m.flow.lane);
    else if (m.flow.concurrency !== undefined) names.add(ownLane(m.id));
  }
  return [...names].sort();
}
