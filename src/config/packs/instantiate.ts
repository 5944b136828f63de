// A pack with its parameter values: references substituted, the result checked against the schema
// (errors point into the pack file), the pack's verify / challenge given to the mappings without one.
import type { Mapping } from "../../types/generated.js";
import { checkMapping } from "../check/mapping-checks.js";
import { validateAgainst } from "../check/schema-issues.js";
import { packValidator } from "../check/schemas.js";
import { type ConfigIssue, hasIssueAt, IssueList, issueAt } from "../issues.js";
import type { ResolvedMapping } from "../types.js";
import { PACK_BODY } from "./pack-file.js";
import { type SubstitutionProblem, substituteParams } from "./substitute.js";
import type { PackDefinition } from "./types.js";

/** How the origin of a pack's mapping reads (`pack github mappings[0]`); placeIssue maps it back to the file. */
export function packOrigin(pack: Pick<PackDefinition, "id">): string {
  return `pack ${pack.id}`;
}

export function instantiatePack(
  pack: PackDefinition,
  values: Readonly<Record<string, unknown>>,
): { mappings: ResolvedMapping[]; issues: ConfigIssue[] } {
  const problems: SubstitutionProblem[] = [];
  const doc: Record<string, unknown> = { ...pack.document };
  for (const key of PACK_BODY) {
    if (doc[key] === undefined) continue;
    const out = substituteParams(doc[key], values, [key], problems);
    if (out === undefined) delete doc[key];
    else doc[key] = out;
  }
  const issues = new IssueList();
  for (const p of problems) issues.push(issueAt("error", pack.source, p.path, p.message));
  issues.push(...withParamHint(validateAgainst(packValidator(), doc, pack.source), pack));
  // A broken pack-level verify or challenge would be copied into every mapping: report it once.
  const whole = (i: ConfigIssue) => i.path === "" || /^(verify|challenge)($|[.[])/.test(i.path);
  if (issues.items.some(whole)) {
    return { mappings: [], issues: issues.items };
  }
  const mappings: ResolvedMapping[] = [];
  const verify = doc["verify"] as Mapping["verify"];
  const challenge = doc["challenge"] as Mapping["challenge"];
  const origin = packOrigin(pack);
  for (const [i, m] of ((doc["mappings"] ?? []) as Mapping[]).entries()) {
    if (hasIssueAt(issues.items, ["mappings", i])) continue;
    const mapping: ResolvedMapping = {
      ...m,
      id: m.id ?? `${pack.id}-${i + 1}`,
      action: m.action ?? "agent",
      origin: `${origin} mappings[${i}]`,
      pack: pack.id,
    };
    if (mapping.verify === undefined && verify !== undefined) mapping.verify = structuredClone(verify);
    if (mapping.challenge === undefined && challenge !== undefined) {
      mapping.challenge = structuredClone(challenge);
    }
    checkMapping(mapping, ["mappings", i], pack.source, issues);
    mappings.push(mapping);
  }
  return { mappings, issues: issues.items };
}

/**
 * A schema error at a value that came from a parameter says so: the fix is usually the parameter's
 * value in hooks.packs.<id>, not the pack file.
 */
function withParamHint(issues: ConfigIssue[], pack: PackDefinition): ConfigIssue[] {
  const raw = pack.document;
  return issues.map((issue) => {
    const written = valueAt(raw, issue.path);
    if (typeof written !== "string" || !written.includes("${param:")) return issue;
    const names = [...written.matchAll(/\$\{param:([^}]*)\}/g)].map((m) => m[1]!);
    const secret = names.some((n) => pack.params[n]?.secret);
    const message = secret ? issue.message.replace(/, found .*$/, "") : issue.message;
    return {
      ...issue,
      message: `${message} (the value of ${names.map((n) => `hooks.packs.${pack.id}.${n}`).join(", ")})`,
    };
  });
}

function valueAt(doc: unknown, path: string): unknown {
  let node = doc;
  for (const m of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string, unknown>)[m[1] ?? m[2]!];
  }
  return node;
}
