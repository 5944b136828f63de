// `hookgate events`: the main session's system events (wakes and run summaries), or its heartbeats,
// read from the store — also while a server is running.

import { formatTime } from "../core/time-text.js";
import type { HeartbeatRecord, SystemEvent } from "../store/types.js";
import { openStoreOption, parseCommandArgs, parseLimit } from "./args.js";
import type { Command } from "./command.js";
import { safeTable } from "./terminal-text.js";
import { clipLine } from "./text-table.js";

const help = `Usage: hookgate events [--config FILE | --store FILE|URL] [--pending] [--heartbeats] [--limit N] [--json]

Lists the main session's system events, newest first: wake texts and the summaries hook runs posted.
An event is pending until a heartbeat that got a reply consumed it.

  --config, -c FILE   config file whose store to read (default: ./hookgate.yaml, ... as for serve);
                      only its store section is read, so no token or secret needs to be set
  --store FILE|URL    read this SQLite file instead, or this PostgreSQL database
                      (postgres://USER@HOST/DB; add ?schema=NAME for a schema other than hookgate)
  --pending           only events no heartbeat has consumed yet
  --heartbeats        list heartbeats instead: reason, outcome, events carried, reply, delivery
  --limit, -n N       how many (default 20)
  --json              one JSON array of records
  --help, -h          show this help`;

export const command: Command = {
  summary: "list the main session's events and heartbeats (works while serving)",
  async run(argv) {
    const args = parseCommandArgs("events", help, {
      args: argv,
      options: {
        config: { type: "string", short: "c" },
        store: { type: "string" },
        pending: { type: "boolean" },
        heartbeats: { type: "boolean" },
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
    if (limit === null) {
      process.stderr.write(
        `hookgate events: --limit must be a positive whole number, got "${values.limit}"\n`,
      );
      return 1;
    }

    const opened = await openStoreOption("events", values);
    if (typeof opened === "number") return opened;
    if ("missing" in opened) {
      process.stderr.write(
        `hookgate events: no store at ${opened.missing} yet — nothing has been accepted\n`,
      );
      if (values.json) process.stdout.write("[]\n");
      return 0;
    }
    try {
      if (values.heartbeats) {
        const beats = await opened.store.listHeartbeats(limit);
        process.stdout.write(`${values.json ? JSON.stringify(beats, null, 2) : heartbeatTable(beats)}\n`);
      } else {
        const events = await opened.store.listEvents({ limit, pendingOnly: values.pending === true });
        process.stdout.write(`${values.json ? JSON.stringify(events, null, 2) : eventTable(events)}\n`);
      }
      return 0;
    } finally {
      await opened.store.close();
    }
  },
};

function eventTable(events: SystemEvent[]): string {
  if (events.length === 0) return "No events.";
  return safeTable(
    ["ID", "RECEIVED", "STATUS", "SOURCE", "TEXT"],
    events.map((e) => [
      String(e.id),
      formatTime(e.createdAt),
      e.consumedAt === undefined ? "pending" : "consumed",
      clipLine(e.source, 20),
      clipLine(e.text, 100) + (e.repeats && e.repeats > 1 ? ` (×${e.repeats})` : ""),
    ]),
  );
}

function heartbeatTable(beats: HeartbeatRecord[]): string {
  if (beats.length === 0) return "No heartbeats.";
  return safeTable(
    ["ID", "STARTED", "REASON", "STATUS", "EVENTS", "DELIVERY", "REPLY / ERROR"],
    beats.map((b) => [
      String(b.id),
      formatTime(b.startedAt),
      b.reason,
      b.status,
      String(b.eventIds.length),
      b.delivery?.status ?? "-",
      clipLine(b.error ?? b.reply ?? "", 80),
    ]),
  );
}
