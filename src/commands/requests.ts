// `hookgate requests`: the request log, read from the store — also while a server is running. With
// --delivery, what happened to one delivery of a sender: each request that carried its id (a
// redelivery is a second one), the answer, the decision, and the runs it queued with their delivery.

import { formatTime } from "../core/time-text.js";
import type { RequestLogRecord, RequestOutcome, RunRecord, StoreReader } from "../store/types.js";
import { openStoreOption, parseCommandArgs, parseLimit, usageError } from "./args.js";
import type { Command } from "./command.js";
import { deliveryText } from "./run-text.js";
import { escapeControls, safeTable } from "./terminal-text.js";
import { clipLine } from "./text-table.js";

const help = `Usage: hookgate requests [--config FILE | --store FILE|URL] [--delivery ID] [--hook NAME] [--mapping ID] [--limit N] [--json]

Lists the request log, newest first: every request under the hooks path with its answer and decision.
With --delivery, shows what happened to one delivery of a sender, found by the id the sender gave it:
each request that carried the id (a redelivery is one more), its answer, the rules' decision, and the
runs it queued with their status and chat delivery.

The delivery id is the one the sender's signature scheme defines (GitHub X-GitHub-Delivery, Stripe's
event id, Standard Webhooks / Svix webhook-id, Slack's event_id, a verify block's idHeader or idField),
else the first of these headers the request carries: X-GitHub-Delivery, webhook-id, svix-id,
X-Gitlab-Event-UUID, X-Shopify-Event-Id, X-Shopify-Webhook-Id, Linear-Delivery, X-Webhook-Id,
Idempotency-Key, X-OpenClaw-Idempotency-Key.

  --config, -c FILE   config file whose store to read (default: ./hookgate.yaml, ... as for serve);
                      only its store section is read, so no token or secret needs to be set
  --store FILE|URL    read this SQLite file instead, or this PostgreSQL database
                      (postgres://USER@HOST/DB; add ?schema=NAME for a schema other than hookgate)
  --delivery ID       only requests with this delivery id (exactly), shown in full with their runs
  --hook NAME         only requests to this hook name (the part after the hooks path)
  --mapping ID        only requests this mapping decided
  --limit, -n N       how many (default 20)
  --json              JSON instead of text: an array of requests (with --delivery, each with its runs)
  --help, -h          show this help`;

/** How an outcome reads. */
const OUTCOME_TEXT: Record<RequestOutcome, string> = {
  wake: "wake",
  agent: "agent run",
  skip: "skip (nothing to do)",
  replayed: "repeat: answered like the first, nothing new started",
  refused: "refused",
  rejected: "refused before the rules",
};

export const command: Command = {
  summary: "list the request log, or find one delivery by its sender's id (works while serving)",
  async run(argv) {
    const args = parseCommandArgs("requests", help, {
      args: argv,
      options: {
        config: { type: "string", short: "c" },
        store: { type: "string" },
        delivery: { type: "string" },
        hook: { type: "string" },
        mapping: { type: "string" },
        limit: { type: "string", short: "n" },
        json: { type: "boolean" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
      allowPositionals: false,
    });
    if (typeof args === "number") return args;
    const { values } = args;
    const limit = parseLimit(values.limit);
    if (limit === null)
      return usageError("requests", help, `--limit must be a positive whole number, got "${values.limit}"`);
    if (values.delivery !== undefined && values.delivery.trim() === "")
      return usageError("requests", help, "--delivery needs the id the sender gave the delivery");

    const opened = await openStoreOption("requests", values);
    if (typeof opened === "number") return opened;
    if ("missing" in opened) {
      process.stderr.write(
        `hookgate requests: no store at ${opened.missing} yet — nothing has been logged\n`,
      );
      if (values.json) process.stdout.write("[]\n");
      return values.delivery !== undefined ? 1 : 0;
    }
    try {
      const rows = await opened.store.listRequests({
        limit,
        ...(values.delivery !== undefined && { deliveryId: values.delivery.trim() }),
        ...(values.hook !== undefined && { hook: values.hook.replace(/^\/+/, "") }),
        ...(values.mapping !== undefined && { mappingId: values.mapping }),
      });
      if (values.delivery === undefined) {
        const shown = rows.map(({ body: _, ...rest }) => rest);
        process.stdout.write(`${values.json ? JSON.stringify(shown, null, 2) : requestTable(rows)}\n`);
        return 0;
      }
      const found = await Promise.all(rows.map(async (r) => ({ r, runs: await runsOf(opened.store, r) })));
      if (values.json) {
        const shown = found.map(({ r: { body: _, ...rest }, runs }) => ({ ...rest, runs }));
        process.stdout.write(`${JSON.stringify(shown, null, 2)}\n`);
      }
      if (found.length === 0) {
        process.stderr.write(
          `hookgate requests: no logged request with delivery id "${escapeControls(values.delivery)}" in ${opened.path}` +
            " (the request log keeps what retention allows; requestLog.enabled must be on)\n",
        );
        return 1;
      }
      if (!values.json) {
        process.stdout.write(`${found.map(({ r, runs }) => showRequest(r, runs)).join("\n\n")}\n`);
      }
      return 0;
    } finally {
      await opened.store.close();
    }
  },
};

/** The runs a request queued (a fan-out's every one), as the store has them now; a pruned one is left out. */
async function runsOf(store: Pick<StoreReader, "getRun">, r: RequestLogRecord): Promise<RunRecord[]> {
  const ids = r.runIds ?? (r.runId !== undefined ? [r.runId] : []);
  const runs = await Promise.all(ids.map((id) => store.getRun(id)));
  return runs.filter((run): run is RunRecord => run !== null);
}

function decisionText(r: RequestLogRecord): string {
  const count = r.decision?.count !== undefined ? ` ×${r.decision.count}` : "";
  return `${OUTCOME_TEXT[r.outcome]}${count}${r.mappingId !== undefined ? ` by ${r.mappingId}` : ""}`;
}

function requestTable(rows: RequestLogRecord[]): string {
  if (rows.length === 0) return "No requests.";
  return safeTable(
    ["ID", "RECEIVED", "HOOK", "ANSWER", "DECISION", "DELIVERY ID", "RUN"],
    rows.map((r) => [
      r.id,
      formatTime(r.receivedAt),
      `/${r.hook}`,
      `${r.status}${r.code !== undefined ? ` ${r.code}` : ""}`,
      clipLine(decisionText(r), 40),
      r.deliveryId ?? "-",
      r.runId ?? "-",
    ]),
  );
}

function showRequest(r: RequestLogRecord, runs: RunRecord[]): string {
  const fields: Array<[string, string | undefined]> = [
    ["received", `${formatTime(r.receivedAt)} from ${r.client}`],
    ["request", `${r.method} /${r.hook}${r.verified !== undefined ? ` (signature: ${r.verified})` : ""}`],
    ["delivery", r.deliveryId],
    ["answer", `${r.status}${r.code !== undefined ? ` ${r.code}` : ""}`],
    ["why", r.error],
    ["decision", decisionText(r)],
  ];
  const out = [`Request ${escapeControls(r.id)}`];
  for (const [key, value] of fields) if (value) out.push(`  ${key.padEnd(9)} ${escapeControls(value)}`);
  const ids = r.runIds ?? (r.runId !== undefined ? [r.runId] : []);
  for (const id of ids) {
    const run = runs.find((x) => x.id === id);
    out.push(
      `  ${"run".padEnd(9)} ${escapeControls(id)}${run ? ` ${run.status}` : " (no longer in the store)"}`,
    );
    if (!run) continue;
    if (run.error) out.push(`    error     ${escapeControls(clipLine(run.error, 200))}`);
    out.push(`    delivery  ${escapeControls(deliveryText(run))}`);
  }
  return out.join("\n");
}
