// How a case run reads: PASS / FAIL per case with the fields that differ, a summary, and the coverage
// line; or the same as JSON. Secrets (verify secrets, secret parameters, signing keys) never appear:
// any value holding one shows [secret] instead.
import { escapeControls } from "../terminal-text.js";
import type { CaseOutcome } from "./expect.js";
import type { CaseResult, Coverage, SuiteResult } from "./suite.js";

export function suiteText(suite: SuiteResult): string {
  const lines: string[] = [];
  for (const r of suite.results) {
    const head = `${r.ok ? "PASS" : "FAIL"} ${r.source}: ${r.name}`;
    const body: string[] = [];
    if (r.error !== undefined) body.push(`cannot run: ${r.error}`);
    const width = Math.max(0, ...r.mismatches.map((m) => m.field.length + 1));
    for (const m of r.mismatches)
      body.push(`${`${m.field}:`.padEnd(width)} expected ${m.expected}, got ${m.actual}`);
    if (!r.ok && r.outcome) body.push(`got: ${outcomeLine(r.outcome)}`);
    if (r.why) {
      const why = `why ${r.expect.mapping} did not take it:`;
      // A trace step reads as a block under the heading; anything else on the heading's line.
      if (r.why[0]!.startsWith("✗")) body.push(why, ...r.why.map((l) => `  ${l}`));
      else body.push(`${why} ${r.why.join(" ")}`);
    }
    lines.push(redact(head, r.secrets), ...body.map((l) => `       ${redact(l, r.secrets)}`));
  }
  const n = suite.results.length;
  if (n === 0)
    lines.push(
      "no test cases: add tests: to a rule file or pack (docs/guides/testing-rules.md, Test cases beside the rules)",
    );
  lines.push("", `${n} case${n === 1 ? "" : "s"}: ${suite.passed} passed, ${suite.failed} failed`);
  lines.push(coverageLine(suite.coverage));
  // Payload values reach this output: control characters are shown escaped, never sent raw.
  return escapeControls(`${lines.join("\n")}\n`, { keepNewlines: true });
}

function coverageLine(c: Coverage): string {
  const missing = c.notReached.map((m) => `${m.mapping} (${m.file})`);
  return `coverage: ${c.reached} of ${c.total} mapping${c.total === 1 ? "" : "s"} reached by a case (${c.percent}%)${
    missing.length > 0 ? `; not reached: ${missing.join(", ")}` : ""
  }`;
}

/** One line: what the request got. */
function outcomeLine(o: CaseOutcome): string {
  const by = o.mapping !== undefined ? ` by ${o.mapping}` : "";
  switch (o.kind) {
    case "agent":
      return `agent run${by} (${o.status})`;
    case "wake":
      return `wake${by} (${o.status})`;
    case "ignore":
      return `ignored${by} (${o.status})`;
    case "challenge":
      return `handshake answered${by} (${o.status})`;
    case "no-match":
      return `no mapping matched (${o.status})`;
    case "refused":
      return `refused${by} (${o.status} ${o.code}): ${o.error}`;
  }
}

export function suiteJson(suite: SuiteResult): string {
  const cases = suite.results.map((r) =>
    redactDeep(
      {
        source: r.source,
        index: r.index,
        name: r.name,
        ok: r.ok,
        expected: r.expect,
        ...(r.outcome && { actual: r.outcome }),
        ...(r.mismatches.length > 0 && { mismatches: r.mismatches }),
        ...(r.why && { why: r.why }),
        ...(r.error !== undefined && { error: r.error }),
      },
      r.secrets,
    ),
  );
  const out = { passed: suite.passed, failed: suite.failed, cases, coverage: suite.coverage };
  return `${JSON.stringify(out, null, 2)}\n`;
}

/** The passed-in secrets (4 characters or more) replaced by [secret]. */
function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s.length >= 4) out = out.split(s).join("[secret]");
  // JSON-quoted values show a secret with escapes; cover that spelling too.
  for (const s of secrets) {
    const quoted = JSON.stringify(s).slice(1, -1);
    if (quoted.length >= 4 && quoted !== s) out = out.split(quoted).join("[secret]");
  }
  return out;
}

function redactDeep(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === "string") return redact(value, secrets);
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, secrets));
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactDeep(v, secrets)]));
  }
  return value;
}

export type { CaseResult };
