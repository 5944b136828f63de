// One embedded case: the request it describes (payload inline or from a file, a form, signed as the
// sender signs), sent through the same simulation as `hookgate test NAME`, and what came of it.

import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { closest } from "../../config/check/closest.js";
import { ConfigError, formatIssue } from "../../config/errors.js";
import type { ResolvedMapping } from "../../config/types.js";
import { isObject } from "../../core/is-object.js";
import { candidatesFor } from "../../engine/compile.js";
import { normaliseHookPath } from "../../engine/hook-path.js";
import type { FlowKeys } from "../../engine/types.js";
import { signRequest } from "../../engine/verify/sign.js";
import { formatTrace } from "../../ingress/decision-report.js";
import { parsePayload } from "../../ingress/payload.js";
import { verifyingRules } from "../../ingress/verify.js";
import type { TestCase } from "../../types/generated.js";
import { queryText, type SentRequest, type Simulation, takenWithToken } from "../simulate.js";
import type { CaseOutcome } from "./expect.js";
import type { CaseSource } from "./source.js";
import { defaultPath } from "./source.js";
import type { Target, Targets } from "./targets.js";
import { TEST_SECRET, TEST_SIGNING_SEED } from "./test-secret.js";

/** A case that cannot be run as written (a missing payload file, nothing to sign with, ...). */
export class CaseError extends Error {}

export interface CaseRun {
  outcome: CaseOutcome;
  /** Values the output must not show. */
  secrets: readonly string[];
  /** The request as the sender sends it (signed when the case says so; `token` settled), and the answer. */
  request: SentRequest;
  answer: Simulation["answer"];
  /** Why the mapping the case expects did not take the request, when it did not. */
  why?: string[];
}

const FORM = "application/x-www-form-urlencoded";

export async function runCase(source: CaseSource, c: TestCase, targets: Targets): Promise<CaseRun> {
  const params = c.params as Record<string, unknown> | undefined;
  if (params !== undefined && source.scope.kind !== "pack") {
    throw new CaseError("params: only a pack's cases take parameter values; this is a rule file");
  }
  let target: Target;
  try {
    target = await targets.for(source, params);
  } catch (err) {
    if (err instanceof ConfigError) {
      throw new CaseError(
        `the rules do not load: ${err.issues.map((i) => formatIssue(source.place(i))).join("; ")}`,
      );
    }
    throw new CaseError((err as Error).message);
  }
  const now = c.now !== undefined ? new Date(c.now) : new Date();
  const sent = await caseRequest(source, c);
  const secrets = [...target.secrets];
  if (c.sign) {
    const signed = await signatureHeaders(target, sent, c.sign, now);
    secrets.push(...signed.secrets);
    sent.headers = { ...sent.headers, ...signed.headers };
    sent.token = false;
  }
  const sim = await target.sim.run(sent, now, false);
  const outcome = outcomeOf(sim, target);
  const request = { ...sent, token: takenWithToken(sent, sim.verify) };
  const run = { outcome, secrets, request, answer: sim.answer };
  const expected = c.expect?.mapping;
  if (expected === undefined || outcome.mapping === expected) return run;
  return { ...run, why: await whyNot(expected, target, sent, now) };
}

/**
 * Why mapping `id` did not take the request: its step of the explain trace (what its path, source,
 * when or verify expected and saw), the rule before it that took the request, or that no mapping has
 * that id. [] when the server answered before any rule (the outcome says why).
 */
async function whyNot(id: string, target: Target, sent: SentRequest, now: Date): Promise<string[]> {
  if (!target.mappings.has(id)) {
    const guess = closest(id, [...target.mappings.keys()]);
    return [`no mapping has that id here${guess ? `; did you mean ${guess}?` : ""}`];
  }
  const explain = (await target.sim.run(sent, now, true)).decision?.explain;
  if (!explain) return [];
  const step = explain.steps.find((s) => s.mappingId === id);
  if (step) {
    // The trace's own lines for this one rule, without its heading.
    const { transform: _, ...trace } = explain;
    return formatTrace({ ...trace, steps: [step] })
      .slice(1)
      .map((line) => line.replace(/^ {2}/, ""));
  }
  const taker = explain.steps.find((s) => s.matched);
  if (taker) return [`${taker.mappingId} (${taker.origin}), before it, took the request`];
  const path = target.index.rules.find((r) => r.id === id)?.path;
  return [
    path !== undefined && path !== null && path !== explain.path
      ? `it is for hook ${path}, and the request went to ${explain.path}`
      : `it was not looked at for hook ${explain.path}`,
  ];
}

/** The request a case describes, before any signing. */
export async function caseRequest(source: CaseSource, c: TestCase): Promise<SentRequest> {
  const name = normaliseHookPath(c.path ?? defaultPath(source) ?? "");
  if (name === "") {
    throw new CaseError("path: none given, and no mapping of this file has a match.path to take it from");
  }
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(c.headers ?? {})) headers[k.toLowerCase()] = v;
  if (c.form) headers["content-type"] ??= FORM;
  let raw: Buffer;
  if (c.payloadFile !== undefined) {
    if (c.payload !== undefined) throw new CaseError("give payload or payloadFile, not both");
    const file = resolve(source.baseDir, c.payloadFile);
    try {
      raw = await readFile(file);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      throw new CaseError(
        `payloadFile ${c.payloadFile}: ${code === "ENOENT" ? "no such file" : (err as Error).message}`,
      );
    }
  } else if (c.form) {
    raw = Buffer.from(formBody(c.payload ?? {}));
  } else {
    raw = Buffer.from(c.payload === undefined ? "{}" : JSON.stringify(c.payload));
  }
  const parsed = parsePayload(raw, headers["content-type"]);
  if (!parsed.ok) throw new CaseError(`payloadFile ${c.payloadFile}: ${parsed.error}`);
  return {
    name,
    method: c.method ?? "POST",
    raw,
    payload: parsed.value,
    headers,
    query: { ...(c.query ?? {}) },
  };
}

/** A form body from an object of fields: strings as they are, lists repeated, anything else as JSON. */
function formBody(payload: unknown): string {
  if (!isObject(payload)) {
    throw new CaseError("form: the payload must be an object of fields");
  }
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(payload)) {
    for (const item of Array.isArray(v) ? v : [v]) {
      form.append(k, typeof item === "string" ? item : JSON.stringify(item));
    }
  }
  return form.toString();
}

/**
 * The headers the sender sends: signed with the verify of the mapping the request reaches (found by
 * routing it as with the hook token), else of the first mapping of the path that has one.
 */
async function signatureHeaders(
  target: Target,
  sent: SentRequest,
  sign: true | { secret: string },
  now: Date,
): Promise<{ headers: Record<string, string>; secrets: string[] }> {
  const verifying = verifyingRules(target.index, sent.name);
  if (verifying.length === 0) {
    throw new CaseError(`sign: no mapping of path "${sent.name}" has a verify; remove sign or add a verify`);
  }
  const dry = await target.sim.run(sent, now, false);
  const owner =
    dry.decision?.mappingId !== undefined ? target.mappings.get(dry.decision.mappingId) : undefined;
  const mapping: ResolvedMapping | undefined = owner?.verify ? owner : target.mappings.get(verifying[0]!.id);
  const verify = mapping?.verify;
  if (!verify) throw new CaseError(`sign: no verify found for path "${sent.name}"`);

  let secret = sign === true ? undefined : sign.secret;
  if (verify.scheme === "ed25519" && secret === undefined) {
    // An ed25519 verify holds the sender's public key; only the test key's private half is known.
    const publicKey = verify.secret ?? verify.secrets?.[0];
    if (publicKey?.trim().toLowerCase() !== TEST_SECRET) {
      throw new CaseError(
        "sign: an ed25519 verify holds the sender's public key, so only the test key can be signed for; give sign: { secret: <private seed> }",
      );
    }
    secret = TEST_SIGNING_SEED;
  }
  const cfg = secret === undefined ? verify : { ...verify, secret, secrets: undefined };
  if (cfg.secrets === undefined) delete cfg.secrets;
  const problems: string[] = [];
  const publicUrl = target.config.server.publicUrl ?? "";
  const headers = signRequest(
    cfg,
    {
      body: sent.raw,
      timestamp: Math.floor(now.getTime() / 1000),
      id: randomUUID(),
      url: `${publicUrl}${target.config.hooks.path}/${sent.name}${queryText(sent.query)}`,
      ...(sent.headers["content-type"] === FORM && { form: true }),
    },
    (field, message) => problems.push(`${field}: ${message}`),
  );
  if (!headers) throw new CaseError(`sign: ${problems.join("; ")}`);
  return { headers, secrets: [...(secret !== undefined ? [secret] : [])] };
}

/** An action's rendered flow keys as fields a case compares (`coalesceKey`, `dedupeKey`). */
function flowFields(flow: FlowKeys | undefined): Record<string, string> {
  return {
    ...(flow?.coalesce !== undefined && { coalesceKey: flow.coalesce }),
    ...(flow?.dedupe !== undefined && { dedupeKey: flow.dedupe }),
  };
}

/** What the case compares against, from what the simulation decided and answered. */
function outcomeOf(sim: Simulation, target: Target): CaseOutcome {
  const { answer } = sim;
  const base = { status: answer.status, count: 0, actions: [] as Record<string, unknown>[] };
  if (sim.early?.kind === "handshake") {
    const rule = candidatesFor(target.index, sim.request.path).find((r) => r.challenge);
    return { ...base, kind: "challenge", ...(rule && { mapping: rule.id }) };
  }
  if (sim.early?.kind === "refused") {
    const body = answer.body as { error: string; code: string };
    return { ...base, kind: "refused", code: body.code, error: body.error };
  }
  const d = sim.decision!;
  const mapping = d.mappingId !== undefined ? { mapping: d.mappingId } : {};
  switch (d.kind) {
    case "wake": {
      // A fan-out (forEach) carries every element's action; the first is also d.action.
      const wakes = d.fanOut ?? [d.action];
      return {
        ...base,
        kind: "wake",
        ...mapping,
        count: wakes.length,
        actions: wakes.map((a) => ({ ...a, ...flowFields(a.flow) })),
      };
    }
    case "agent": {
      // What will run: each action with the policies' settled session key, channel and model.
      const runs = d.fanOut ?? [{ action: d.action, verdict: d.verdict }];
      const actions = runs.map(({ action, verdict: v }) => ({
        ...action,
        ...flowFields(action.flow),
        sessionKey: v.sessionKey,
        sessionMode: v.sessionMode,
        channel: v.channel,
        ...(v.model !== undefined && { model: v.model }),
      }));
      return { ...base, kind: "agent", ...mapping, count: actions.length, actions };
    }
    case "skip":
      return { ...base, kind: "ignore", ...mapping };
    case "refused":
      if (d.code === "HOOK_NOT_FOUND") return { ...base, kind: "no-match", code: d.code, error: d.error };
      return { ...base, kind: "refused", ...mapping, code: d.code, error: d.error };
  }
}
