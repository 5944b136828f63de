// A name a mapping's template reads that none of its test cases' payloads has: most likely a typo
// (`{{devce}}` for `{{device}}`), which renders empty without a word. The payloads compared are those
// of the cases that expect the mapping (`expect.mapping`), as the request would bring them: the
// payload (its elements, for a forEach mapping), the headers and the query. A mapping without such
// cases is not judged.
import { closest } from "../../config/check/closest.js";
import type { ConfigIssue } from "../../config/issues.js";
import type { ResolvedMapping } from "../../config/types.js";
import { compileForEach, forEachItems } from "../../engine/for-each.js";
import { fieldPath, TEMPLATE_SOURCES } from "../../engine/rule.js";
import { templateData } from "../../engine/template.js";
import { templateReads } from "../../engine/template-paths.js";
import { CaseError, caseRequest } from "./run-case.js";
import type { CaseSource } from "./source.js";

/** What one case's request offers a template, by root. */
type Sample = Record<"payload" | "headers" | "query", unknown>;

/** Warnings, at the template field and the name in it, for every source's mappings. */
export async function templateNameWarnings(sources: readonly CaseSource[]): Promise<ConfigIssue[]> {
  const warnings: ConfigIssue[] = [];
  for (const source of sources) {
    for (const mapping of source.mappings) {
      const samples = await samplesOf(source, mapping);
      if (samples.length === 0) continue;
      for (const [, field] of TEMPLATE_SOURCES) {
        const template = mapping[field];
        if (typeof template !== "string") continue;
        for (const read of templateReads(template)) {
          if (read.paths.some((path) => samples.some((s) => present(s, path)))) continue;
          warnings.push({
            severity: "warning",
            path: fieldPath(mapping, field),
            offset: read.index,
            message: `mapping ${mapping.id}: {{${read.text}}} reads ${where(read.paths[0]!)} that none of its ${samples.length === 1 ? "test case's payload has" : `${samples.length} test cases' payloads have`}, so it renders empty${guess(read.paths[0]!, samples)}`,
          });
        }
      }
    }
  }
  return warnings;
}

/** The requests of the cases that expect `mapping`, as its templates would see them. */
async function samplesOf(source: CaseSource, mapping: ResolvedMapping): Promise<Sample[]> {
  const forEach = mapping.forEach !== undefined ? compileForEach(mapping.forEach, 1000) : undefined;
  if (typeof forEach === "string") return [];
  const samples: Sample[] = [];
  for (const c of source.cases) {
    if (c.expect?.mapping !== mapping.id) continue;
    let sent: Awaited<ReturnType<typeof caseRequest>>;
    try {
      sent = await caseRequest(source, c);
    } catch (err) {
      // A case that cannot be built says so when it runs.
      if (err instanceof CaseError) continue;
      throw err;
    }
    const request = { headers: sent.headers, query: sent.query };
    if (!forEach) {
      samples.push({ payload: sent.payload, ...request });
      continue;
    }
    const data = templateData({ path: sent.name, payload: sent.payload, ...request }, new Date(0));
    const found = forEachItems({ ...forEach, max: Number.POSITIVE_INFINITY }, data);
    if (found.ok) for (const item of found.items) samples.push({ payload: item, ...request });
  }
  return samples;
}

/** The value at the path, undefined when the sample lacks it (null counts: the sender sent the key). */
function valueAt(sample: Sample, path: readonly string[]): unknown {
  const [root, ...rest] = path;
  let value: unknown = sample[root as keyof Sample];
  for (const key of rest) {
    if (value === null || typeof value !== "object") return undefined;
    if (Array.isArray(value) && !/^\d+$/.test(key)) return key === "length" ? value.length : undefined;
    if (!Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

function present(sample: Sample, path: readonly string[]): boolean {
  return valueAt(sample, path) !== undefined;
}

/** `the payload key devce`, `the header x-githb-event`. */
function where(path: readonly string[]): string {
  const [root, ...rest] = path;
  if (root === "headers") return `the header ${rest.join(".")}`;
  if (root === "query") return `the query parameter ${rest.join(".")}`;
  return `the payload key ${rest.join(".")}`;
}

/** `; did you mean device?` from the keys the samples have where the name is missing. */
function guess(path: readonly string[], samples: readonly Sample[]): string {
  // The deepest level some sample reaches: its keys are the candidates for the missing one.
  for (let depth = path.length - 1; depth >= 1; depth--) {
    const keys = new Set<string>();
    for (const s of samples) {
      const value = valueAt(s, path.slice(0, depth));
      if (value !== null && typeof value === "object" && !Array.isArray(value)) {
        for (const k of Object.keys(value)) keys.add(k);
      }
    }
    if (keys.size === 0) continue;
    const near = closest(path[depth]!, [...keys]);
    if (near === undefined) return "";
    const meant = [...path.slice(0, depth), near];
    return `; did you mean ${meant[0] === "payload" ? meant.slice(1).join(".") : meant.join(".")}?`;
  }
  return "";
}
