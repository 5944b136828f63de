// `hookgate issues`: failures after the 2xx grouped per path and failure code, read from the store —
// also while a server is running.

import { formatTime } from "../core/time-text.js";
import { issueTitle } from "../store/issues.js";
import type { IssueRecord } from "../store/types.js";
import { openStoreOption, parseCommandArgs, parseLimit, usageError } from "./args.js";
import type { Command } from "./command.js";
import { escapeControls, safeTable } from "./terminal-text.js";
import { clipLine } from "./text-table.js";

const help = `Usage: hookgate issues [--config FILE | --store FILE|URL] [--all | --closed] [--limit N] [--json]
       hookgate issues show N [--config FILE | --store FILE|URL] [--json]

Lists the open issues, newest first. An issue groups failures of one kind on one path: a runner failing
(per agent), a reply's delivery exhausting its retries (per channel), a mapping failing on our side,
its transform mostly (per mapping), a sender's signatures failing (per hook path and sender address,
so that a secret rotated at one sender shows). It opens at the first failure, counts the next ones,
and closes by itself when the same path succeeds again.

  --config, -c FILE   config file whose store to read (default: ./hookgate.yaml, ... as for serve);
                      only its store section is read, so no token or secret needs to be set
  --store FILE|URL    read this SQLite file instead, or this PostgreSQL database
                      (postgres://USER@HOST/DB; add ?schema=NAME for a schema other than hookgate)
  --all               closed issues too
  --closed            only closed issues
  --limit, -n N       how many (default 20)
  --json              JSON instead of text (an array for the list, the record for show)
  --help, -h          show this help

Exit status: 0; 1 when issue N is not in the store.`;

export const command: Command = {
  summary: "list the failures after the 2xx, grouped per path (works while serving)",
  async run(argv) {
    const args = parseCommandArgs("issues", help, {
      args: argv,
      options: {
        config: { type: "string", short: "c" },
        store: { type: "string" },
        all: { type: "boolean" },
        closed: { type: "boolean" },
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
    if (sub !== undefined && sub !== "show")
      return usageError("issues", help, `unknown subcommand "${sub}" (did you mean: issues show ${sub}?)`);
    if (sub === "show" && (id === undefined || extra.length > 0 || !/^[1-9]\d*$/.test(id)))
      return usageError("issues", help, "issues show takes one issue number, as hookgate issues lists it");
    if (values.all && values.closed) return usageError("issues", help, "give --all or --closed, not both");
    const limit = parseLimit(values.limit);
    if (limit === null)
      return usageError("issues", help, `--limit must be a positive whole number, got "${values.limit}"`);

    const opened = await openStoreOption("issues", values);
    if (typeof opened === "number") return opened;
    if ("missing" in opened) {
      process.stderr.write(`hookgate issues: no store at ${opened.missing} yet — nothing has failed\n`);
      if (sub === "show") return 1;
      if (values.json) process.stdout.write("[]\n");
      return 0;
    }
    try {
      if (sub === "show") {
        const issue = await opened.store.getIssue(Number(id));
        if (!issue) {
          process.stderr.write(`hookgate issues: no issue ${id} in ${opened.path}\n`);
          return 1;
        }
        process.stdout.write(`${values.json ? JSON.stringify(issue, null, 2) : showIssue(issue)}\n`);
        return 0;
      }
      const status = values.all ? undefined : values.closed ? "closed" : "open";
      const issues = await opened.store.listIssues({ limit, ...(status && { status }) });
      const empty = status === "open" ? "No open issues." : "No issues.";
      process.stdout.write(`${values.json ? JSON.stringify(issues, null, 2) : issueTable(issues, empty)}\n`);
      return 0;
    } finally {
      await opened.store.close();
    }
  },
};

function issueTable(issues: IssueRecord[], empty: string): string {
  if (issues.length === 0) return empty;
  return safeTable(
    ["#", "STATUS", "ISSUE", "CODE", "COUNT", "FIRST SEEN", "LAST SEEN", "EXAMPLE"],
    issues.map((i) => [
      String(i.id),
      i.closedAt === undefined ? "open" : "closed",
      clipLine(issueTitle(i), 50),
      i.code,
      String(i.count),
      formatTime(i.firstSeen),
      formatTime(i.lastSeen),
      i.exampleRunId !== undefined
        ? `run ${i.exampleRunId}`
        : i.exampleRequestId !== undefined
          ? `request ${i.exampleRequestId}`
          : "-",
    ]),
  );
}

function showIssue(i: IssueRecord): string {
  const fields: Array<[string, string | undefined]> = [
    ["status", i.closedAt === undefined ? "open" : `closed at ${formatTime(i.closedAt)}`],
    ["code", i.code],
    ["count", String(i.count)],
    ["first", formatTime(i.firstSeen)],
    ["last", formatTime(i.lastSeen)],
    ["run", i.exampleRunId && `${i.exampleRunId} (hookgate runs show ${i.exampleRunId})`],
    ["request", i.exampleRequestId && `${i.exampleRequestId} (in the console's request log)`],
    ["latest", i.message],
  ];
  const out = [`Issue ${i.id}: ${escapeControls(issueTitle(i))}`];
  for (const [key, value] of fields) if (value) out.push(`  ${key.padEnd(8)} ${escapeControls(value)}`);
  return out.join("\n");
}
