// `hookgate test`: route one made-up request through the rule index and show the decision and why.
// No side effects: nothing is stored, sent or started.
import { readFile } from "node:fs/promises";
import { ConfigError, formatIssue } from "../config/errors.js";
import type { ConfigIssue } from "../config/issues.js";
import { configFileNames, loadConfig } from "../config/load.js";
import type { ResolvedConfig } from "../config/types.js";
import { compileRules } from "../engine/compile.js";
import { redactHeaders } from "../engine/explain.js";
import { normaliseHookPath } from "../engine/hook-path.js";
import type { Decision, HookRequest } from "../engine/types.js";
import { formatDecision, formatPolicy, hint, showDecision } from "../ingress/decision-report.js";
import { parsePayload } from "../ingress/payload.js";
import { parseCommandArgs, usageError } from "./args.js";
import type { Command } from "./command.js";
import { type Answer, type SentRequest, simulator, type VerifyReport } from "./simulate.js";
import { escapeControls } from "./terminal-text.js";
import { runEmbeddedCases } from "./test-cases.js";

const help = `Usage: hookgate test [--config FILE] NAME --payload FILE|- [options]
       hookgate test [--config FILE | --pack FILE] [--json] [--fail-under N]

The first form routes one request for the hook NAME (the part after hooks.path, e.g. github for
/hooks/github) through the rules and prints which rule fired and the action it built, or, when none
fired, why each rule looked at did not. Nothing is stored, sent or run.

The second form (no NAME) runs the test cases written beside the rules (tests: in rule files and
packs): every case of every rule file and enabled pack of the config, or of the one file --pack
names, goes through the same checks. It prints PASS or FAIL per case, with the fields that
differ from what the case expects, and a coverage line naming the mappings no case reaches.

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
  --json                print the decision (or the cases' results) as JSON (exact values; the
                        human output shows control characters in payload values as visible
                        escapes). Secrets never appear in either.
  --pack FILE           run the cases of this rule file or pack file alone, without a config.
  --fail-under N        exit 1 when the cases reach fewer than N percent of the mappings.
  --help, -h            show this help

Exit status, one request: 0 the server would accept the request (wake, agent run, skip or a
handshake), 2 no rule matched, 1 a configuration error, an invalid payload or action, a refused
signature, or a run the policies would refuse. Test cases: 0 every case passed, 1 a case failed,
the coverage is below --fail-under, or a configuration error.`;

class UsageError extends Error {}

export const command: Command = {
  summary: "route a sample payload through the rules and explain the decision, or run the rules' test cases",
  shortLived: true,
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
        pack: { type: "string" },
        "fail-under": { type: "string" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: true,
    });
    if (typeof args === "number") return args;
    const { values, positionals } = args;

    if (positionals.length === 0 && values.payload === undefined) {
      const failUnder = values["fail-under"];
      if (failUnder !== undefined && !/^(100|[1-9]?\d)$/.test(failUnder)) {
        return usageError(
          "test",
          help,
          `--fail-under ${JSON.stringify(failUnder)}: expected a percent, 0 to 100`,
        );
      }
      if (values.pack !== undefined && values.config !== undefined) {
        return usageError("test", help, "give --config or --pack, not both");
      }
      const other = (["header", "query", "now"] as const).find((k) => values[k] !== undefined);
      if (other) return usageError("test", help, `--${other} is for one request (give a hook NAME)`);
      return runEmbeddedCases({
        config: values.config,
        pack: values.pack,
        json: values.json,
        ...(failUnder !== undefined && { failUnder: Number(failUnder) }),
      });
    }
    if (values.pack !== undefined || values["fail-under"] !== undefined) {
      return usageError(
        "test",
        help,
        "--pack and --fail-under run the test cases: leave out the hook NAME and --payload",
      );
    }

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
    // The rule compiler's issues name key paths; this gives them the file:line:column.
    let place = (issue: ConfigIssue) => issue;
    try {
      // Nothing is served, so the hook token is not needed.
      const loaded = await loadConfig({ file: values.config, requireToken: false });
      config = loaded.config;
      place = loaded.placeIssue;
      // One request: one transform worker is enough.
      compiled = await compileRules(config, { transformWorkers: 1, simulated: true });
      // Warnings (hooks off, rules that never match) often explain a decision.
      for (const w of [...loaded.warnings, ...compiled.warnings.map(place)])
        process.stderr.write(`${formatIssue(w)}\n`);
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      for (const issue of err.issues) process.stderr.write(`${formatIssue(place(issue))}\n`);
      return 1;
    }

    try {
      const { index } = compiled;
      const sim = await simulator(config, index).run(sent, now);
      const req = sim.request;
      if (!sim.decision) return printEarly(values.json === true, req, sim.verify, sim.answer);
      const shown = showDecision(sim.decision);
      const answer = sim.answer;
      if (values.json) {
        const out = {
          request: { ...req, headers: redactHeaders(req.headers) },
          ...(sim.verify.outcome !== "none" && { verify: sim.verify }),
          decision: shown.decision,
          ...(shown.policy && { policy: shown.policy }),
          answer,
          ...hint(index, shown.decision),
        };
        process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
      } else {
        // Payload values reach this output: control characters are shown escaped, never sent raw.
        let text = formatVerify(sim.verify);
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

async function readRequest(
  values: { payload?: string | undefined; header?: string[] | undefined; query?: string[] | undefined },
  positionals: string[],
): Promise<SentRequest> {
  // `hookgate test github payload.json`: the second word is the body.
  if (positionals.length === 2 && values.payload === undefined) {
    throw new UsageError(
      `give the body with --payload: hookgate test ${positionals[0]} --payload ${positionals[1]}`,
    );
  }
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
function printEarly(json: boolean, req: HookRequest, report: VerifyReport, answer: Answer): number {
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
