// `hookgate runs` and `hookgate runs show RUN_ID`: agent runs as recorded in the store — also while a
// server is running.

import { formatDuration, formatTime } from "../core/time-text.js";
import { flowText } from "../store/hold-text.js";
import type { RunRecord, RunStatus } from "../store/types.js";
import { openStoreOption, parseCommandArgs, parseLimit, usageError } from "./args.js";
import type { Command } from "./command.js";
import { didYouMean } from "./did-you-mean.js";
import { lookUpRun, MIN_PREFIX } from "./run-lookup.js";
import { deliveryText } from "./run-text.js";
import { escapeControls, safeTable } from "./terminal-text.js";
import { clipLine } from "./text-table.js";

const STATUSES: RunStatus[] = ["held", "queued", "running", "succeeded", "failed", "timed_out"];

const help = `Usage: hookgate runs [--config FILE | --store FILE|URL] [--status S] [--session KEY] [--limit N] [--json]
       hookgate runs show RUN_ID [--config FILE | --store FILE|URL] [--json]

Lists agent runs, newest first, or shows one run: the prompt sent, the reply, timings, errors and
what happened to the delivery. RUN_ID may be the start or the end of an id (${MIN_PREFIX} characters at
least) that only one run has; ids begin with the time a run was received, so the end tells runs of
the same minute apart.

  --config, -c FILE   config file whose store to read (default: ./hookgate.yaml, ... as for serve);
                      only its store section is read, so no token or secret needs to be set
  --store FILE|URL    read this SQLite file instead, or this PostgreSQL database
                      (postgres://USER@HOST/DB; add ?schema=NAME for a schema other than hookgate)
  --status S          only runs in state S: ${STATUSES.join(", ")}
  --session KEY       only runs of this session key
  --limit, -n N       how many (default 20)
  --json              JSON instead of text (an array for the list, the record for show)
  --help, -h          show this help`;

export const command: Command = {
  summary: "list agent runs or show one (works while serving)",
  async run(argv) {
    const args = parseCommandArgs("runs", help, {
      args: argv,
      options: {
        config: { type: "string", short: "c" },
        store: { type: "string" },
        status: { type: "string" },
        session: { type: "string" },
        limit: { type: "string", short: "n" },
        json: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: true,
    });
    if (typeof args === "number") return args;
    const { values, positionals } = args;
    const [sub, id, ...extra] = positionals;
    if (sub !== undefined && sub !== "show") {
      const hint = didYouMean(sub, ["show"]) || ` (did you mean: runs show ${sub}?)`;
      return usageError("runs", help, `unknown subcommand "${sub}"${hint}`);
    }
    if (sub === "show" && (id === undefined || extra.length > 0))
      return usageError("runs", help, "runs show takes exactly one RUN_ID");
    if (values.status !== undefined && !STATUSES.includes(values.status as RunStatus)) {
      return usageError(
        "runs",
        help,
        `--status must be one of ${STATUSES.join(", ")}, got "${values.status}"${didYouMean(values.status, STATUSES)}`,
      );
    }
    const limit = parseLimit(values.limit);
    if (limit === null)
      return usageError("runs", help, `--limit must be a positive whole number, got "${values.limit}"`);

    const opened = await openStoreOption("runs", values);
    if (typeof opened === "number") return opened;
    if ("missing" in opened) {
      process.stderr.write(`hookgate runs: no store at ${opened.missing} yet — nothing has been accepted\n`);
      if (sub === "show") return 1;
      if (values.json) process.stdout.write("[]\n");
      return 0;
    }
    try {
      if (sub === "show") {
        const found = await lookUpRun(opened.store, id!, opened.path);
        if ("problem" in found) {
          process.stderr.write(`hookgate runs: ${found.problem}\n`);
          return 1;
        }
        const { run } = found;
        process.stdout.write(`${values.json ? JSON.stringify(run, null, 2) : showRun(run)}\n`);
        return 0;
      }
      const runs = await opened.store.listRuns({
        limit,
        ...(values.status ? { status: values.status as RunStatus } : {}),
        ...(values.session ? { sessionKey: values.session } : {}),
      });
      process.stdout.write(`${values.json ? JSON.stringify(runs, null, 2) : runTable(runs)}\n`);
      return 0;
    } finally {
      await opened.store.close();
    }
  },
};

function took(run: RunRecord): number | undefined {
  return run.startedAt !== undefined && run.finishedAt !== undefined
    ? run.finishedAt - run.startedAt
    : undefined;
}

function runTable(runs: RunRecord[]): string {
  if (runs.length === 0) return "No runs.";
  return safeTable(
    ["RUN ID", "STATUS", "RECEIVED", "TOOK", "AGENT", "DELIVERY", "NAME", "RESULT"],
    runs.map((r) => [
      r.id,
      r.status,
      formatTime(r.receivedAt),
      formatDuration(took(r)),
      r.resolvedAgentId ?? r.agentId ?? "-",
      r.delivery?.status ?? "-",
      clipLine(r.name, 24),
      clipLine(r.error ?? r.reply ?? "", 60),
    ]),
  );
}

/** A field shown on several lines on purpose: line feeds kept, every other control escaped. */
function indent(text: string): string {
  return escapeControls(text, { keepNewlines: true })
    .split("\n")
    .map((l) => `    ${l}`)
    .join("\n");
}

function showRun(run: RunRecord): string {
  const p = run.prompt;
  const model = run.resolvedModel ?? p?.model ?? run.model;
  const fields: Array<[string, string | undefined]> = [
    ["status", `${run.status}${run.attempts > 1 ? ` (attempt ${run.attempts})` : ""}`],
    ["flow", flowText(run)],
    ["name", run.name],
    ["session", run.sessionMode === "isolated" ? `${run.sessionKey} (isolated)` : run.sessionKey],
    ["agent", run.resolvedAgentId ?? run.agentId ?? "(default)"],
    ["model", model],
    ["thinking", p?.thinking ?? run.thinking],
    [
      "timeout",
      p ? `${p.timeoutSeconds}s` : run.timeoutSeconds !== undefined ? `${run.timeoutSeconds}s` : undefined,
    ],
    ["mapping", run.mappingId ?? run.pack],
    ["received", formatTime(run.receivedAt)],
    [
      "started",
      run.startedAt === undefined
        ? undefined
        : `${formatTime(run.startedAt)} (waited ${formatDuration(run.startedAt - run.receivedAt)})`,
    ],
    [
      "finished",
      run.finishedAt === undefined
        ? undefined
        : `${formatTime(run.finishedAt)} (took ${formatDuration(took(run))})`,
    ],
    [
      "usage",
      run.usage
        ? [
            run.usage.promptTokens !== undefined ? `prompt ${run.usage.promptTokens}` : "",
            run.usage.completionTokens !== undefined ? `completion ${run.usage.completionTokens}` : "",
            run.usage.totalTokens !== undefined ? `total ${run.usage.totalTokens}` : "",
          ]
            .filter(Boolean)
            .join(", ") + " tokens"
        : undefined,
    ],
    ["delivery", deliveryText(run)],
    // The id the target (an OpenClaw gateway) gave the run: what to look for in its logs.
    ["target id", run.targetId ? `${run.targetId} (${run.prompt?.runner ?? "runner"})` : undefined],
    ["error", run.error],
  ];
  // One-line fields: a line feed in them is escaped too, so no value can forge a line of its own.
  const out = [`Run ${escapeControls(run.id)}`];
  for (const [key, value] of fields) if (value) out.push(`  ${key.padEnd(9)} ${escapeControls(value)}`);

  out.push(
    "",
    p
      ? `Prompt sent (${escapeControls(p.runner)} runner, ${p.transcriptMessages} earlier session messages):`
      : "Prompt (not sent yet):",
  );
  if (p?.systemPrompt) out.push("  system:", indent(p.systemPrompt));
  out.push("  message:", indent(p?.message ?? run.message));
  out.push("", run.reply !== undefined ? "Reply:" : "Reply: (none)");
  if (run.reply !== undefined) out.push(indent(run.reply));
  return out.join("\n");
}
