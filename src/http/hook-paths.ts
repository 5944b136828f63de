// What the HTTP layer must know about a hook name before reading its body, prepared once per rule
// index: the body limit (the largest of its mappings' own limits, hooks.maxBodyBytes for mappings
// without one), whether a request without the hook token can be verified there, and whether Meta's
// GET subscription check is answered there.
import { candidatesFor, type RuleIndex } from "../engine/compile.js";
import type { CompiledRule } from "../engine/rule.js";
import type { CompiledChallenge } from "../engine/verify/challenge.js";
import { verifyingRules } from "../ingress/verify.js";

export interface HookPath {
  maxBodyBytes: number;
  /** The setting that limit comes from, for the 413's sentence. */
  limitSetting: string;
  /** Mappings a request without the hook token may reach by passing their verify (none: 401 unread). */
  verifying: readonly CompiledRule[];
  /** Meta's GET subscription check, when a mapping of this path declares it. */
  meta?: Extract<CompiledChallenge, { kind: "meta" }>;
  /** A mapping of this path is marked `cloudevents: true`: CloudEvents handshakes are answered. */
  cloudevents?: boolean;
}

export function hookPaths(index: RuleIndex, defaultMaxBytes: number): (name: string) => HookPath {
  const describe = (
    name: string,
    rules: readonly CompiledRule[],
    verifying: readonly CompiledRule[],
  ): HookPath => {
    let max = rules.length === 0 ? defaultMaxBytes : 0;
    let own = false;
    for (const rule of rules) {
      const limit = rule.maxBodyBytes ?? defaultMaxBytes;
      if (limit > max) {
        max = limit;
        own = rule.maxBodyBytes !== undefined;
      }
    }
    const meta = rules.find((r) => r.challenge?.kind === "meta")?.challenge;
    const path: HookPath = {
      maxBodyBytes: max,
      limitSetting: own ? `maxBodyBytes of the mappings for ${name || "every path"}` : "hooks.maxBodyBytes",
      verifying,
    };
    if (meta?.kind === "meta") path.meta = meta;
    if (rules.some((r) => r.cloudevents)) path.cloudevents = true;
    return path;
  };
  const builtIn: HookPath = {
    maxBodyBytes: defaultMaxBytes,
    limitSetting: "hooks.maxBodyBytes",
    verifying: [],
  };
  const known = new Map<string, HookPath>();
  for (const name of index.byPath.keys()) {
    known.set(name, describe(name, candidatesFor(index, name), verifyingRules(index, name)));
  }
  const other = describe("", index.pathless, index.pathlessVerifying);
  // The built-in endpoints ignore mappings; the empty name is answered 404.
  for (const name of ["wake", "agent", ""]) known.set(name, builtIn);
  return (name) => known.get(name) ?? other;
}
