// `hookgate test`: route one made-up request through the rule index and show the decision and why.
// No side effects: nothing is stored, sent or started.
import { readFile } from "node:fs/promises";
import { ConfigError, formatIssue } from "../config/errors.js";
import { configFileNames, loadConfig } from "../config/load.js";
import type { ResolvedConfig } from "../config/types.js";
import { ERRORS } from "../core/errors.js";
import type { PolicyResult } from "../core/policy-result.js";
import { compileRules, type RuleIndex } from "../engine/compile.js";
import { redactHeaders, shortValue } from "../engine/explain.js";
import { normaliseHookPath } from "../engine/hook-path.js";
import type { Decision, ExplainTrace, HookRequest } from "../engine/types.js";
import { handshakeAnswer } from "../engine/verify/challenge.js";
import type { VerifyFailure } from "../engine/verify/types.js";
import { presentedToken } from "../http/token.js";
import { createIngress, type IngressDecision } from "../ingress/decide.js";
import { hookRequest } from "../ingress/hook-request.js";
import { parsePayload } from "../ingress/payload.js";
import { type RequestVerification, verifyHookRequest, verifyingRules } from "../ingress/verify.js";
import type { AgentVerdict } from "../policy/agent-policy.js";
import { parseCommandArgs, usageError } from "./args.js";
import type { Command } from "./command.js";
import { escapeControls } from "./terminal-text.js";

const help = `Usage: hookgate test [--config FILE] NAME --payload FILE|- [options]

Routes one request for the hook NAME (the part after hooks.path, e.g. github for /hooks/github)
through the rules and prints which rule fired and the action it built, or, when none fired, why
each rule looked at did not. Nothing is stored, sent or run.

  --config, -c FILE     config file. Default: ./${configFileNames.join(", ./")} (first found),
                        else the built-in default.
  --payload, -p FILE    body of the request (JSON, or a form with that content-type);
                        - reads it from stdin.
                        NAME wake or agent tries the built-in endpoints.
  --header, -H K:V      a request header (repeatable), e.g. -H "x-github-event: push";
                        -H @FILE reads "name: value" lines (what hookgate sign prints).
                        A sender's signature headers (as hookgate sign prints them) are
                        verified as the server would verify them without the hook token:
                        the output says "verified" or "refused" and why, never the secret.
                        content-type: application/x-www-form-urlencoded reads a form.
  --query, -q K=V       a query parameter (repeatable).
  --now ISO             the time {{now}} renders (default: now).
  --json                print the decision as JSON (exact values; the human output shows
                        control characters in payload values as visible escapes).
  --help, -h            show this help

Exit status: 0 the server would accept the request (wake, agent run, skip or a handshake), 2 no
rule matched, 1 a configuration error, an invalid payload or action, a refused signature, or a run
the policies would refuse.`;

class UsageError extends Error {}

export const command: Command = {
  summary: "route a sample payload through the rules and explain the decision",
  async run(argv) {
    const args = parseCommandArgs("test", help, {
      args: argv,
      options: {
        config: { type: "string", short: "c" },
        payload: { type: "string", short: "p" },
        header: { type: "string", short: "H", multiple: true },
        query: { type: "string", short: "q", multiple: true },
        now: { type: "string" },
        json: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: true,
    });
    if (typeof args === "number") return args;
    const { values, positionals } = args;

    let sent: SentRequest;
    let now: Date;
    try {
      sent = await readRequest(values, positionals);
      now = parseNow(values.now);
    } catch (err) {
      if (err instanceof UsageError) return usageError("test", help, err.message);
      throw err;
    }

    let config: ResolvedConfig;
    let compiled: Awaited<ReturnType<typeof compileRules>>;
    try {
      // Nothing is served, so the hook token is not needed.
      const loaded = await loadConfig({ file: values.config, requireToken: false });
      config = loaded.config;
      compiled = await compileRules(config);
      // Warnings (hooks off, rules that never match) often explain a decision.
      for (const w of [...loaded.warnings, ...compiled.warnings.map(loaded.placeIssue)])
        process.stderr.write(`${formatIssue(w)}\n`);
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      for (const issue of err.issues) process.stderr.write(`${formatIssue(issue)}\n`);
      return 1;
    }

    try {
      const { index } = compiled;
      const check = verifyStep(config, index, sent, now);
      const req = hookRequest({
        name: sent.name,
        payload: sent.payload,
        headers: sent.headers,
        query: sent.query,
        secretHeaders: index.secretHeaders,
        verified: check.verification?.verified,
      });
      const early = check.answer ?? check.handshake;
      if (early) return printEarly(values.json === true, req, check.outcome, early);
      const decision = await createIngress(config, index).decide(req, {
        now,
        explain: true,
        ...(check.verification && { verification: check.verification }),
      });
      const shown = showDecision(decision);
      const answer = serverAnswer(decision);
      if (values.json) {
        const out = {
          request: { ...req, headers: redactHeaders(req.headers) },
          ...(check.outcome.outcome !== "none" && { verify: check.outcome }),
          decision: shown.decision,
          ...(shown.policy && { policy: shown.policy }),
          answer,
          ...hint(index, shown.decision),
        };
        process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
      } else {
        // Payload values reach this output: control characters are shown escaped, never sent raw.
        let text = formatVerify(check.outcome);
        text += formatDecision(index, shown.decision);
        if (shown.policy) text += formatPolicy(shown.policy);
        text += `answer: ${answer.status}${answer.body ? ` ${JSON.stringify(answer.body)}` : ""}\n`;
        process.stdout.write(escapeControls(text, { keepNewlines: true }));
      }
      if (shown.policy && !shown.policy.ok) return 1;
      return exitCode(shown.decision);
    } finally {
      compiled.dispose();
    }
  },
};

/** The decision as the rules made it, and the policies' verdict on an agent run. */
function showDecision(d: IngressDecision): { decision: Decision; policy?: PolicyResult<AgentVerdict> } {
  const trace = d.explain ? { explain: d.explain } : {};
  switch (d.kind) {
    case "wake":
      return { decision: { kind: "wake", action: d.action, mappingId: d.mappingId ?? "wake", ...trace } };
    case "agent":
      return {
        decision: { kind: "agent", action: d.action, mappingId: d.mappingId ?? "agent", ...trace },
        policy: { ok: true, value: d.verdict },
      };
    case "skip":
      return { decision: d };
    case "refused":
      if (d.refusedAction) {
        return {
          decision: { kind: "agent", action: d.refusedAction, mappingId: d.mappingId ?? "agent", ...trace },
          policy: { ok: false, code: d.code, error: d.error },
        };
      }
      if (d.code === "HOOK_NOT_FOUND") {
        return { decision: { kind: "no-match", path: d.explain?.path ?? "", ...trace } };
      }
      return {
        decision: {
          kind: "invalid",
          mappingId: d.mappingId ?? "(request)",
          cause: ERRORS[d.code].status >= 500 ? "transform" : "action",
          code: d.code,
          error: d.detail ?? d.error,
          ...trace,
        },
      };
  }
}

/** What the server answers for this decision (a new run's id is not known until it is stored). */
function serverAnswer(d: IngressDecision): { status: number; body?: Record<string, unknown> } {
  switch (d.kind) {
    case "wake":
      return { status: 200, body: { ok: true, mode: d.action.mode } };
    case "agent":
      return { status: 202, body: { ok: true, runId: "(assigned when stored)" } };
    case "skip":
      return { status: 204 };
    case "refused":
      return { status: ERRORS[d.code].status, body: { ok: false, error: d.error, code: d.code } };
  }
}

function formatPolicy(policy: PolicyResult<AgentVerdict>): string {
  if (!policy.ok) return `policy: rejected (${policy.code}) — ${policy.error}; the server would answer 400\n`;
  const v = policy.value;
  return `policy: accepted — session ${v.sessionKey}, channel ${v.channel}${v.model ? `, model ${v.model}` : ""}\n`;
}

/** What the command line describes: the request as it would arrive, before the rules see it. */
interface SentRequest {
  name: string;
  raw: Buffer;
  payload: unknown;
  headers: Record<string, string>;
  query: Record<string, string>;
}

async function readRequest(
  values: { payload?: string | undefined; header?: string[] | undefined; query?: string[] | undefined },
  positionals: string[],
): Promise<SentRequest> {
  if (positionals.length !== 1) throw new UsageError("give exactly one hook NAME, e.g. hookgate test github");
  const name = normaliseHookPath(positionals[0]!);
  if (name === "") throw new UsageError("the hook NAME is empty");
  if (values.payload === undefined) throw new UsageError("--payload FILE (or - for stdin) is required");
  const raw = values.payload === "-" ? await readStdin() : await readPayloadFile(values.payload);
  const headers = pairs(await headerLines(values.header ?? []), ":", "header", true);
  // Parsed as the server parses it (a form by its content-type, JSON after a byte order mark).
  const parsed = parsePayload(raw, headers["content-type"]);
  if (!parsed.ok) {
    throw new UsageError(
      `--payload ${values.payload}: invalid JSON: ${parsed.error.replace(/^body is not valid JSON: /, "")}`,
    );
  }
  return { name, raw, payload: parsed.value, headers, query: pairs(values.query ?? [], "=", "query", false) };
}

/** What `hookgate test` reports of verification: JSON-ready, without secrets or signatures. */
type VerifyReport =
  /** The path has no mapping with a verify. */
  | { outcome: "none" }
  /** It has, but the request carries no signature: routed as one with the hook token. */
  | { outcome: "skipped"; reason: string }
  | { outcome: "verified"; scheme: string; id?: string; timestamp?: string; mappings: string[] }
  | { outcome: "refused"; code: string; error: string };

interface VerifyStep {
  outcome: VerifyReport;
  verification?: RequestVerification;
  /** A refusal: what the server answers without routing. */
  answer?: { status: number; body: unknown };
  /** A handshake hookgate answers itself. */
  handshake?: { status: number; body: unknown };
}

const FAILURE_CODES = {
  missing: "SIGNATURE_MISSING",
  invalid: "SIGNATURE_INVALID",
  stale: "SIGNATURE_STALE",
} as const satisfies Record<VerifyFailure, keyof typeof ERRORS>;

/**
 * Verifies the request as the server would verify one without the hook token: when the hook's
 * mappings verify senders, and the headers carry a signature one of them reads and no token.
 */
function verifyStep(config: ResolvedConfig, index: RuleIndex, sent: SentRequest, now: Date): VerifyStep {
  const rules = verifyingRules(index, sent.name);
  if (rules.length === 0) return { outcome: { outcome: "none" } };
  const signed = rules.some((r) => r.verifier!.present(sent.headers));
  if (!signed || presentedToken(sent.headers) !== undefined) {
    const reason = signed
      ? "the request carries the hook token: every mapping may take it"
      : "no signature headers given (hookgate sign prints them): routed as a request with the hook token; without it the server answers 401";
    return { outcome: { outcome: "skipped", reason } };
  }
  const query = new URLSearchParams(sent.query).toString();
  const verification = verifyHookRequest(index, sent.name, {
    body: sent.raw,
    headers: sent.headers,
    url: `${config.hooks.path}/${sent.name}${query ? `?${query}` : ""}`,
    now: now.getTime(),
    payload: () => sent.payload,
  });
  const v = verification.verified;
  if (!v) {
    const code = FAILURE_CODES[verification.failure ?? "missing"];
    const body = { ok: false, error: ERRORS[code].error, code };
    return { outcome: { outcome: "refused", code, error: body.error }, answer: { status: 401, body } };
  }
  const outcome: VerifyReport = {
    outcome: "verified",
    scheme: v.scheme,
    ...(v.id !== undefined && { id: v.id }),
    ...(v.timestamp !== undefined && { timestamp: new Date(v.timestamp * 1000).toISOString() }),
    mappings: verification.passed.map((r) => r.id),
  };
  for (const rule of verification.passed) {
    const hs = rule.challenge && handshakeAnswer(rule.challenge, sent.payload);
    if (hs) return { outcome, verification, handshake: { status: 200, body: JSON.parse(hs.body) } };
  }
  return { outcome, verification };
}

function formatVerify(report: VerifyReport): string {
  switch (report.outcome) {
    case "none":
      return "";
    case "skipped":
      return `verify: not checked — ${report.reason}\n\n`;
    case "verified": {
      const extra = [
        ...(report.id !== undefined ? [`delivery id ${report.id}`] : []),
        ...(report.timestamp !== undefined ? [`signed at ${report.timestamp}`] : []),
      ];
      return `verify: verified (${report.scheme}${extra.length > 0 ? `; ${extra.join(", ")}` : ""}) — the request may reach ${report.mappings.join(", ")}\n\n`;
    }
    case "refused":
      return `verify: refused (${report.code}) — ${report.error}\n`;
  }
}

/** A refused signature or a handshake: the server answers before any rule runs. */
function printEarly(
  json: boolean,
  req: HookRequest,
  report: VerifyReport,
  answer: { status: number; body: unknown },
): number {
  if (json) {
    const out = { request: { ...req, headers: redactHeaders(req.headers) }, verify: report, answer };
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  } else {
    let text = formatVerify(report);
    if (answer.status === 200) text += "decision: handshake — answered by hookgate itself, no rule runs\n";
    text += `answer: ${answer.status} ${JSON.stringify(answer.body)}\n`;
    process.stdout.write(escapeControls(text, { keepNewlines: true }));
  }
  return answer.status === 200 ? 0 : 1;
}

/** -H values, with each -H @FILE replaced by the non-empty lines of FILE. */
async function headerLines(items: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const item of items) {
    if (!item.startsWith("@")) {
      out.push(item);
      continue;
    }
    let text: string;
    try {
      text = await readFile(item.slice(1), "utf8");
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      throw new UsageError(
        `--header ${item}: ${code === "ENOENT" ? "no such file" : (err as Error).message}`,
      );
    }
    out.push(...text.split(/\r?\n/).filter((line) => line.trim() !== ""));
  }
  return out;
}

async function readPayloadFile(file: string): Promise<Buffer> {
  try {
    return await readFile(file);
  } catch (err) {
    throw new UsageError(
      `--payload ${file}: ${(err as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (err as Error).message}`,
    );
  }
}

async function readStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin)
    chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks);
}

/** `k:v` / `k=v` pairs; header names lower-cased and repeated headers joined with `, ` as HTTP does. */
function pairs(items: string[], sep: string, what: string, lower: boolean): Record<string, string> {
  const out: Record<string, string> = {};
  for (const item of items) {
    const at = item.indexOf(sep);
    if (at <= 0) throw new UsageError(`--${what} ${JSON.stringify(item)}: expected NAME${sep}VALUE`);
    const raw = item.slice(0, at).trim();
    const key = lower ? raw.toLowerCase() : raw;
    const value = item.slice(at + 1).trim();
    out[key] = out[key] !== undefined && lower ? `${out[key]}, ${value}` : value;
  }
  return out;
}

function parseNow(text: string | undefined): Date {
  if (text === undefined) return new Date();
  const d = new Date(text);
  if (Number.isNaN(d.getTime()))
    throw new UsageError(`--now ${JSON.stringify(text)}: expected an ISO date such as 2025-01-31T12:00:00Z`);
  return d;
}

function exitCode(decision: Decision): number {
  if (decision.kind === "no-match") return 2;
  return decision.kind === "invalid" ? 1 : 0;
}

/** On no match: the paths rules exist for, so a typo in the hook name shows. */
function hint(index: RuleIndex, decision: Decision): { otherPaths?: string[] } {
  if (decision.kind !== "no-match") return {};
  const paths = [...new Set(index.rules.map((r) => r.path).filter((p): p is string => p !== null))];
  return { otherPaths: paths.filter((p) => p !== decision.path).sort() };
}

function formatDecision(index: RuleIndex, decision: Decision): string {
  const lines: string[] = [];
  const { explain } = decision;
  if (explain) lines.push(...formatTrace(explain), "");
  switch (decision.kind) {
    case "wake":
    case "agent": {
      const what = decision.kind === "wake" ? "wake (system event for the main session)" : "agent run";
      lines.push(`decision: ${what}, by mapping ${decision.mappingId}`);
      for (const [key, value] of Object.entries(decision.action)) lines.push(...field(key, value));
      break;
    }
    case "skip":
      lines.push(`decision: skip — the transform of mapping ${decision.mappingId} returned null (HTTP 204)`);
      break;
    case "invalid":
      lines.push(`decision: invalid (${decision.code}) — ${decision.error}`);
      break;
    case "no-match": {
      lines.push(`decision: no match — POST <hooks.path>/${decision.path} would get 404`);
      const others = hint(index, decision).otherPaths ?? [];
      if (others.length > 0)
        lines.push(`  rules exist for: ${others.slice(0, 20).join(", ")}${others.length > 20 ? ", …" : ""}`);
      break;
    }
  }
  return `${lines.join("\n")}\n`;
}

/** Every rule looked at and why it did not match; what the matched rule's transform changed. */
function formatTrace(explain: ExplainTrace): string[] {
  const { steps, totalRules } = explain;
  const lines = [
    `hook ${explain.path}: looked at ${steps.length} of ${totalRules} rule${totalRules === 1 ? "" : "s"}`,
  ];
  for (const step of steps) {
    if (step.matched) {
      lines.push(`  ✓ ${step.mappingId} (${step.origin}) matched`);
      continue;
    }
    lines.push(`  ✗ ${step.mappingId} (${step.origin}): ${step.failed} did not hold`);
    lines.push(`      expected: ${step.expected}`);
    lines.push(`      saw:      ${step.saw}`);
    for (const c of step.clauses ?? []) {
      lines.push(`      ${c.clause} did not hold: ${c.expected}`);
      lines.push(`        saw: ${c.saw}`);
    }
  }
  const t = explain.transform;
  if (t) {
    if (t.outcome === "changed" && !t.changes) {
      lines.push(`  transform ${t.module} set the action (the templates alone went over their budget)`);
    } else if (t.outcome === "changed") {
      lines.push(`  transform ${t.module} changed:`);
      const show = (v: unknown) => (v === undefined ? "(unset)" : shortValue(v));
      for (const c of t.changes ?? []) lines.push(`    ${c.field}: ${show(c.before)} → ${show(c.after)}`);
    } else {
      const what = { skip: "returned null (skip)", unchanged: "changed nothing", failed: "failed" }[
        t.outcome
      ];
      lines.push(`  transform ${t.module} ${what}`);
    }
  }
  return lines;
}

function field(key: string, value: unknown): string[] {
  if (typeof value === "string" && value.includes("\n")) {
    return [`  ${key}:`, ...value.split("\n").map((l) => (l === "" ? "    |" : `    | ${l}`))];
  }
  return [`  ${key}: ${typeof value === "string" ? value : JSON.stringify(value)}`];
}
