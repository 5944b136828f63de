// `hookgate replay`: re-decides the requests the request log kept with the rules of a config (the
// current one, or a new one being tried), without side effects, and prints what would change; with
// --send it posts chosen requests again, for real, to a running server.
import { ConfigError, formatIssue } from "../config/errors.js";
import { configFileNames, loadConfig } from "../config/load.js";
import { parseDuration } from "../config/resolve/duration.js";
import { keepingUnset } from "../config/source/interpolate.js";
import type { ResolvedConfig } from "../config/types.js";
import { formatTime } from "../core/time-text.js";
import { compileRules } from "../engine/compile.js";
import { decisionAnswer } from "../ingress/answer.js";
import { createIngress } from "../ingress/decide.js";
import { formatTrace } from "../ingress/decision-report.js";
import { describeChange } from "../ingress/logged-decision.js";
import { type Redecision, redecide } from "../ingress/replay.js";
import { rulesDigest } from "../ingress/rules-digest.js";
import { openForReading, storeFromArgument } from "../store/read-only.js";
import type { RequestLogRecord, StoreReader } from "../store/types.js";
import { parseCommandArgs, usageError } from "./args.js";
import type { Command } from "./command.js";
import { Progress } from "./progress.js";
import { sendAgain, sendScope } from "./replay-send.js";
import { escapeControls, safeTable } from "./terminal-text.js";

const help = `Usage: hookgate replay [--config FILE] [--store FILE|URL] [--since WHEN] [--until WHEN]
                       [--mapping ID] [--hook NAME] [--id ID]... [--limit N]
                       [--all] [--explain] [--json] [--send [--url URL] [--yes]]

Re-decides the requests the request log kept (requestLog) with the rules of --config, without
storing, sending or running anything, and prints what would change: another mapping, other action
fields, refused now, accepted now. Use it to try a new config on yesterday's traffic, or to find out
why a request was answered as it was.

  --config, -c FILE   the config whose rules decide. Default: ./${configFileNames.join(", ./")}
                      (first found), else the built-in default. Try a new config on the
                      live server's requests with --config new.yaml --store live-state.db.
                      Secrets it reads (\${NAME}, \${file:PATH}) need not be set here: no
                      signature is checked and nothing is sent, except with --send.
  --store FILE|URL    the store to read requests from: a SQLite file, or a PostgreSQL URL
                      (postgres://...?schema=NAME); default: the config's store
  --since WHEN        requests received since WHEN: a duration back from now (30m, 2h, 7d) or a
                      time (2025-06-01T14:00:00Z). Default: 24h
  --until WHEN        and before WHEN (same forms)
  --mapping ID        only requests mapping ID decided, then or now
  --hook NAME         only requests to this hook name (github for /hooks/github)
  --id ID             only this request (its id, or enough of its start to name one request;
                      repeatable). Ids begin with the time received, so requests close together
                      share their first characters. Shows it even when nothing changed, with the
                      reason it was refused.
  --limit N           look at the N newest requests at most (default 1000)
  --all               show the requests whose decision is unchanged too
  --explain           show the rules' explain trace of each request shown (as hookgate test does)
  --json              print one JSON array
  --send              post the requests shown again, for real, to a running server: the stored
                      headers and body, authenticated with the config's hook token
                      (Authorization: Bearer), Idempotency-Key replay-<id> so that the same
                      request is not accepted twice, and x-hookgate-replay-of: <id>. Only
                      requests that came with the hook token are sent: a signed delivery or
                      a refused request would reach more with it (each one says why)
  --url URL           the server to send to (default: http://server.host:server.port)
  --yes               send more than ${20} requests
  --help, -h          show this help

With --json and --send: one object, {"replayed": [...], "sent": [...]}.

Exit status: 0 done (whatever changed), 1 a usage or config error, or a send that got no answer
or a 5xx.`;

/** More requests than this are sent only with --yes. */
const SEND_WITHOUT_YES = 20;

export const command: Command = {
  summary: "re-decide logged requests with the current or a new config; show what would change",
  async run(argv) {
    const args = parseCommandArgs("replay", help, {
      args: argv,
      options: {
        config: { type: "string", short: "c" },
        store: { type: "string" },
        since: { type: "string" },
        until: { type: "string" },
        mapping: { type: "string" },
        hook: { type: "string" },
        id: { type: "string", multiple: true },
        limit: { type: "string", short: "n" },
        all: { type: "boolean" },
        explain: { type: "boolean" },
        json: { type: "boolean" },
        send: { type: "boolean" },
        url: { type: "string" },
        yes: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    });
    if (typeof args === "number") return args;
    const { values } = args;
    const now = Date.now();
    const since = parseWhen(values.since ?? "24h", now);
    const until = values.until === undefined ? undefined : parseWhen(values.until, now);
    if (since === undefined) return usageError("replay", help, `--since "${values.since}": ${WHEN_FORMS}`);
    if (until === null || (values.until !== undefined && until === undefined)) {
      return usageError("replay", help, `--until "${values.until}": ${WHEN_FORMS}`);
    }
    const limit =
      values.limit === undefined ? 1000 : /^[1-9]\d*$/.test(values.limit) ? Number(values.limit) : null;
    if (limit === null)
      return usageError("replay", help, `--limit must be a positive whole number, got "${values.limit}"`);

    let config: ResolvedConfig;
    let compiled: Awaited<ReturnType<typeof compileRules>>;
    try {
      // Sending needs the hook token; re-deciding needs no secret at all (no signature is checked,
      // nothing is sent or run), so the shell replay runs in may lack the server's environment.
      const send = values.send === true;
      const { env, unset } = keepingUnset(process.env);
      config = (await loadConfig({ file: values.config, requireToken: send, ...(!send && { env }) })).config;
      compiled = await compileRules(config);
      if (unset.size > 0) {
        process.stderr.write(
          `hookgate replay: not set here, so read as written (replay checks no signature and sends nothing): ${[...unset].sort().join(", ")}\n`,
        );
      }
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      for (const issue of err.issues) process.stderr.write(`${formatIssue(issue)}\n`);
      return 1;
    }
    try {
      const opened = await openForReading({
        store: values.store !== undefined ? storeFromArgument(values.store) : config.store,
      });
      if ("missing" in opened) {
        process.stderr.write(
          `hookgate replay: no store at ${opened.missing} — nothing has been logged yet\n`,
        );
        if (values.json) process.stdout.write("[]\n");
        return values.id ? 1 : 0;
      }
      try {
        const selection = await selectRequests(opened.store, {
          since: values.id ? undefined : since,
          until: values.id ? undefined : until,
          hook: values.hook,
          ids: values.id,
          limit,
        });
        if ("problem" in selection) {
          process.stderr.write(`hookgate replay: ${selection.problem}\n`);
          return 1;
        }
        const logged = selection.rows;
        if (values.id && logged.length === 0) {
          process.stderr.write(
            `hookgate replay: no logged request with id ${values.id.map((i) => `"${escapeControls(i)}"`).join(" or ")}\n`,
          );
          return 1;
        }
        const ctx = {
          ingress: createIngress(config, compiled.index),
          rulesDigest: rulesDigest(config, compiled.index),
          generatedSessionKeys: config.hooks.defaultSessionKey === undefined,
          explain: values.explain === true,
        };
        const progress = new Progress(process.stderr, "re-deciding", logged.length);
        const results: Replayed[] = [];
        for (const [i, entry] of logged.entries()) {
          results.push({ entry, result: await redecide(entry, ctx) });
          progress.update(i + 1);
        }
        progress.done();
        const mapping = values.mapping;
        const selected = results.filter(
          (r) =>
            mapping === undefined ||
            r.entry.mappingId === mapping ||
            (r.result.replayable && r.result.now.mappingId === mapping),
        );
        const shown = selected.filter(
          (r) => values.all || values.id || (r.result.replayable && r.result.changes.length > 0),
        );
        if (values.json && !values.send)
          process.stdout.write(`${JSON.stringify(shown.map(asJson), null, 2)}\n`);
        else if (!values.json)
          process.stdout.write(
            escapeControls(report(selected, shown, { config, since, until, ids: values.id }), {
              keepNewlines: true,
            }),
          );

        if (!values.send) return 0;
        // Only what can be re-decided can be sent: the whole body was kept and the rules saw it.
        const sendable = shown.filter((r) => r.result.replayable);
        if (sendable.length > SEND_WITHOUT_YES && !values.yes) {
          process.stderr.write(
            `hookgate replay: ${sendable.length} requests would be sent; narrow the selection or add --yes\n`,
          );
          return 1;
        }
        const sent = await sendAgain(
          sendable.map((r) => r.entry),
          config,
          values.url,
          values.json === true,
        );
        if (values.json) {
          process.stdout.write(`${JSON.stringify({ replayed: shown.map(asJson), sent }, null, 2)}\n`);
        }
        return sent.every((x) => x.status !== undefined && x.status < 500) ? 0 : 1;
      } finally {
        await opened.store.close();
      }
    } finally {
      compiled.dispose();
    }
  },
};

interface Replayed {
  entry: RequestLogRecord;
  result: Redecision;
}

const WHEN_FORMS = "expected a duration back from now (30m, 2h, 7d) or a time such as 2025-06-01T14:00:00Z";

/** A duration back from `now`, or an ISO time; undefined when it is neither. */
function parseWhen(text: string, now: number): number | undefined {
  const ms = parseDuration(text);
  if (ms !== undefined) return now - ms;
  if (!/^\d{4}-\d{2}-\d{2}/.test(text)) return undefined;
  const t = new Date(text).getTime();
  return Number.isNaN(t) ? undefined : t;
}

/** How many candidates an id start shared by several requests lists. */
const SHOWN_CANDIDATES = 5;

async function selectRequests(
  store: StoreReader,
  q: {
    since?: number | undefined;
    until?: number | undefined;
    hook?: string | undefined;
    ids?: string[] | undefined;
    limit: number;
  },
): Promise<{ rows: RequestLogRecord[] } | { problem: string }> {
  let rows: RequestLogRecord[];
  if (q.ids) {
    rows = [];
    for (const id of q.ids) {
      const exact = await store.getRequest(id);
      if (exact) {
        rows.push(exact);
        continue;
      }
      const found = await store.listRequests({ limit: SHOWN_CANDIDATES + 1, idPrefix: id });
      if (found.length > 1) return { problem: ambiguous(id, found) };
      rows.push(...found);
    }
  } else {
    rows = await store.listRequests({
      limit: q.limit,
      ...(q.since !== undefined && { since: q.since }),
      ...(q.until !== undefined && { until: q.until }),
      ...(q.hook !== undefined && { hook: q.hook }),
    });
  }
  // Oldest first, as a log reads.
  return { rows: rows.sort((a, b) => a.seq - b.seq) };
}

/**
 * Ids start with the time they were received (src/core/time-ordered-id.ts), so requests close
 * together share their first characters: name the candidates rather than pick one.
 */
function ambiguous(start: string, found: RequestLogRecord[]): string {
  const count = found.length > SHOWN_CANDIDATES ? `more than ${SHOWN_CANDIDATES}` : String(found.length);
  const listed = safeTable(
    ["ID", "RECEIVED", "REQUEST", "STATUS"],
    found
      .slice(0, SHOWN_CANDIDATES)
      .map((e) => [e.id, formatTime(e.receivedAt), `${e.method} /${e.hook}`, String(e.status)]),
  );
  const more = found.length > SHOWN_CANDIDATES ? "\n..." : "";
  return `${count} logged requests have ids starting with "${escapeControls(start)}"; give more of the id:\n\n${listed}${more}`;
}

/** `404 HOOK_NOT_FOUND`, `202 agent run by gh-issue`, ... */
function thenText(e: RequestLogRecord): string {
  const by = e.mappingId ? ` by ${e.mappingId}` : "";
  if (e.status >= 400) return `${e.status} ${e.code ?? ""}${by}`.trim();
  const count = e.decision?.count !== undefined ? ` ×${e.decision.count}` : "";
  return `${e.status} ${kindText(e.outcome)}${count}${by}`;
}

function nowText(r: Extract<Redecision, { replayable: true }>): string {
  const answer = decisionAnswer(r.now);
  const by = r.now.mappingId ? ` by ${r.now.mappingId}` : "";
  if (r.now.kind === "refused") return `${answer.status} ${r.now.code}${by}`;
  // A fan-out: how many actions (forEach), as the log line of the request then shows it.
  const fanOut = r.now.kind === "skip" ? undefined : r.now.fanOut;
  return `${answer.status} ${kindText(r.now.kind)}${fanOut ? ` ×${fanOut.length}` : ""}${by}`;
}

function kindText(kind: string): string {
  return kind === "agent" ? "agent run" : kind === "replayed" ? "Idempotency-Key repeat" : kind;
}

function report(
  all: Replayed[],
  shown: Replayed[],
  o: { config: ResolvedConfig; since: number; until: number | undefined; ids: string[] | undefined },
): string {
  const lines: string[] = [];
  const where = o.config.file ?? "the built-in default config";
  const window = o.ids
    ? ""
    : ` received from ${formatTime(o.since)} to ${o.until ? formatTime(o.until) : "now"}`;
  lines.push(
    `Re-decided with the rules of ${where}: ${all.length} logged request${all.length === 1 ? "" : "s"}${window}.`,
    "",
  );
  for (const { entry: e, result: r } of shown) {
    lines.push(`${formatTime(e.receivedAt)}  ${e.method} /${e.hook}  ${e.id}`);
    lines.push(`  then: ${thenText(e)}${e.error && e.status >= 400 ? ` — ${e.error}` : ""}`);
    if (!r.replayable) {
      lines.push(`  not re-decided: ${r.why}`, "");
      continue;
    }
    lines.push(`  now:  ${nowText(r)}${r.now.kind === "refused" ? ` — ${r.now.detail ?? r.now.error}` : ""}`);
    if (r.rulesChanged) lines.push("  (the rules have changed since this request was decided)");
    if (e.outcome === "replayed")
      lines.push("  (then an Idempotency-Key repeat: it got the first request's answer)");
    for (const c of r.changes) lines.push(`  - ${describeChange(c)}`);
    if (r.changes.length === 0) lines.push("  unchanged");
    if (r.now.explain) lines.push(...formatTrace(r.now.explain).map((l) => `  ${l}`));
    const scope = sendScope(e);
    lines.push(`  --send: ${scope.send ? "sends it with the hook token" : `does not send it: ${scope.why}`}`);
    lines.push("");
  }
  const replayable = all.filter((x) => x.result.replayable) as {
    entry: RequestLogRecord;
    result: Extract<Redecision, { replayable: true }>;
  }[];
  const changed = replayable.filter((x) => x.result.changes.length > 0);
  const accepted = changed.filter((x) => x.result.changes.some((c) => c.kind === "accepted-now")).length;
  const refused = changed.filter((x) => x.result.changes.some((c) => c.kind === "refused-now")).length;
  const skipped = all.length - replayable.length;
  lines.push(
    `${replayable.length} re-decided: ${replayable.length - changed.length} unchanged, ${changed.length} changed` +
      ` (${accepted} now accepted, ${refused} now refused); ${skipped} not re-decided` +
      (shown.length < all.length ? `. Shown: ${shown.length} (--all shows every one).` : "."),
  );
  return `${lines.join("\n")}\n`;
}

function asJson({ entry: e, result: r }: Replayed): Record<string, unknown> {
  const then = {
    status: e.status,
    outcome: e.outcome,
    ...(e.code !== undefined && { code: e.code }),
    ...(e.error !== undefined && { error: e.error }),
    ...(e.mappingId !== undefined && { mappingId: e.mappingId }),
  };
  const base = {
    id: e.id,
    receivedAt: new Date(e.receivedAt).toISOString(),
    method: e.method,
    hook: e.hook,
    then,
  };
  if (!r.replayable) return { ...base, replayable: false, why: r.why };
  const answer = decisionAnswer(r.now);
  return {
    ...base,
    replayable: true,
    now: {
      status: answer.status,
      decision: r.now.kind,
      ...(r.now.kind === "refused" && { code: r.now.code, error: r.now.detail ?? r.now.error }),
      ...(r.now.mappingId !== undefined && { mappingId: r.now.mappingId }),
    },
    rulesChanged: r.rulesChanged,
    changes: r.changes.map((c) => ({ ...c, text: describeChange(c) })),
    ...(r.now.explain && { explain: r.now.explain }),
  };
}
