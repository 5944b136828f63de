// `hookgate runs` and `hookgate runs show RUN_ID`: agent runs as recorded in the store — also while a
// server is running.

import { laneText } from "../core/lane.js";
import { formatDuration, formatTime } from "../core/time-text.js";
import { flowText } from "../store/hold-text.js";
import type { LaneStats, RunLinks, RunRecord, RunStatus, Store } from "../store/types.js";
import { openStoreOption, parseCommandArgs, parseLimit, usageError } from "./args.js";
import type { Command } from "./command.js";
import { didYouMean } from "./did-you-mean.js";
import { openStoreToWrite } from "./pause-store.js";
import { lookUpRun, MIN_PREFIX } from "./run-lookup.js";
import { deliveryText } from "./run-text.js";
import { type RetrySelection, retryOf, retryTable, runsToRetry } from "./runs-retry.js";
import { escapeControls, safeTable } from "./terminal-text.js";
import { clipLine } from "./text-table.js";
import { parseWhen, WHEN_FORMS } from "./when.js";

const STATUSES: RunStatus[] = ["held", "queued", "running", "succeeded", "failed", "timed_out", "dropped"];

const help = `Usage: hookgate runs [--config FILE | --store FILE|URL] [--status S] [--session KEY] [--limit N] [--json]
       hookgate runs show RUN_ID [--config FILE | --store FILE|URL] [--json]
       hookgate runs retry (--issue N | --failed [--since WHEN] [--mapping ID]) [--dry-run] [--config FILE | --store FILE|URL]

Lists agent runs, newest first, or shows one run: the prompt sent, the reply, timings, errors, what
happened to the delivery, and the run it retried or was retried as.

runs retry queues failed runs again with their original message and settings, as new runs linked to
the old ones (runs show tells both ways); a running server picks them up. --issue N takes the runs of
an issue (hookgate issues): its agent's failed runs, or the runs whose reply its channel could not
deliver; --failed every failed or timed-out run received since WHEN (default 24h), of one mapping with
--mapping. A run already retried is left out. --dry-run lists them and queues nothing. RUN_ID may be the start or the end of an id (${MIN_PREFIX} characters at
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
  --issue N           runs retry: the runs of issue N
  --failed            runs retry: failed and timed-out runs
  --since WHEN        runs retry --failed: received since WHEN, a duration back (30m, 2h, 7d) or a time
  --mapping ID        runs retry --failed: only runs this mapping queued
  --dry-run           runs retry: list the runs, queue nothing
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
        issue: { type: "string" },
        failed: { type: "boolean" },
        since: { type: "string" },
        mapping: { type: "string" },
        "dry-run": { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: true,
    });
    if (typeof args === "number") return args;
    const { values, positionals } = args;
    const [sub, id, ...extra] = positionals;
    if (sub !== undefined && sub !== "show" && sub !== "retry") {
      const hint = didYouMean(sub, ["show", "retry"]) || ` (did you mean: runs show ${sub}?)`;
      return usageError("runs", help, `unknown subcommand "${sub}"${hint}`);
    }
    if (sub === "retry") return retry(values, id === undefined ? [] : [id, ...extra]);
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
        const links = await opened.store.runLinks(run.id);
        const lanes = run.lane && run.status === "queued" ? await opened.store.laneStats() : [];
        const shown = {
          ...run,
          ...(links.retryOf && { retryOf: links.retryOf }),
          ...(links.retriedAs.length > 0 && { retriedAs: links.retriedAs }),
        };
        process.stdout.write(
          `${values.json ? JSON.stringify(shown, null, 2) : showRun(run, links, lanes)}\n`,
        );
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
  // The lane column only where a listed run has a lane: a configuration without lanes reads as before.
  const laned = runs.some((r) => r.lane);
  return safeTable(
    [
      "RUN ID",
      "STATUS",
      ...(laned ? ["LANE"] : []),
      "RECEIVED",
      "TOOK",
      "AGENT",
      "DELIVERY",
      "NAME",
      "RESULT",
    ],
    runs.map((r) => [
      r.id,
      r.status,
      ...(laned ? [r.lane ? clipLine(laneText(r.lane.name), 24) : "-"] : []),
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

function showRun(run: RunRecord, links: RunLinks, lanes: LaneStats[]): string {
  const p = run.prompt;
  const model = run.resolvedModel ?? p?.model ?? run.model;
  const fields: Array<[string, string | undefined]> = [
    ["status", `${run.status}${run.attempts > 1 ? ` (attempt ${run.attempts})` : ""}`],
    ["flow", flowText(run, lanes)],
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
    ["retry of", links.retryOf],
    ["retried", links.retriedAs.length > 0 ? `as ${links.retriedAs.join(", ")}` : undefined],
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

/** `hookgate runs retry`. */
async function retry(
  values: {
    issue?: string | undefined;
    failed?: boolean | undefined;
    since?: string | undefined;
    mapping?: string | undefined;
    "dry-run"?: boolean | undefined;
    json?: boolean | undefined;
    store?: string | undefined;
    config?: string | undefined;
  },
  extra: string[],
): Promise<number> {
  if (extra.length > 0) return usageError("runs", help, `runs retry takes no RUN_ID; got "${extra[0]}"`);
  if ((values.issue === undefined) === (values.failed !== true))
    return usageError("runs", help, "runs retry needs --issue N or --failed (one of them)");
  if (values.issue !== undefined && !/^[1-9]\d*$/.test(values.issue))
    return usageError(
      "runs",
      help,
      `--issue takes an issue number as hookgate issues lists it, got "${values.issue}"`,
    );
  if (values.issue !== undefined && (values.since !== undefined || values.mapping !== undefined))
    return usageError("runs", help, "--since and --mapping go with --failed, not with --issue");
  const now = Date.now();
  const since = parseWhen(values.since ?? "24h", now);
  if (since === undefined) return usageError("runs", help, `--since "${values.since}": ${WHEN_FORMS}`);
  const selection: RetrySelection =
    values.issue !== undefined
      ? { issue: Number(values.issue) }
      : { failed: true, since, mappingId: values.mapping };
  const dry = values["dry-run"] === true;
  let store: Store;
  try {
    store = await openStoreToWrite(values);
  } catch (err) {
    process.stderr.write(`hookgate runs: ${(err as Error).message}\n`);
    return 1;
  }
  try {
    const found = await runsToRetry(store, selection);
    if ("problem" in found) {
      process.stderr.write(`hookgate runs: ${found.problem}\n`);
      return 1;
    }
    const pairs = found.runs.map((old, i) => ({ old, run: retryOf(old, now + i) }));
    if (!dry) await store.retryRuns(pairs.map(({ old, run }) => ({ run, retryOf: old.id })));
    if (values.json) {
      const out = pairs.map(({ old, run }) => ({ retryOf: old.id, ...(dry ? {} : { runId: run.id }) }));
      process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    } else if (pairs.length === 0) {
      process.stdout.write("No failed runs to retry (a run already retried is left out).\n");
    } else {
      const table = retryTable(pairs.map(({ old, run }) => ({ old, ...(dry ? {} : { id: run.id }) })));
      const head = dry
        ? `Would retry ${pairs.length} run${pairs.length === 1 ? "" : "s"}:`
        : `Queued ${pairs.length} run${pairs.length === 1 ? "" : "s"} again:`;
      process.stdout.write(`${head}\n${table}\n`);
    }
    return 0;
  } finally {
    await store.close();
  }
}
