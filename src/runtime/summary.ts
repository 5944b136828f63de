// The line a finished run posts into the main session: `Hook <name>: <summary>` or, when the run did
// not succeed, `Hook <name> (<status>): <reason>`.
import type { RunResult } from "../store/types.js";

const MAX_SUMMARY = 200;

/** First non-empty line of `text`, whitespace collapsed, cut at about `max` characters. */
export function firstLine(text: string, max = MAX_SUMMARY): string {
  const line =
    text
      .split(/\r?\n/)
      .map((l) => l.replace(/\s+/g, " ").trim())
      .find((l) => l.length > 0) ?? "";
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

export function summaryLine(name: string, status: RunResult["status"], text: string): string {
  const gist = firstLine(text) || (status === "succeeded" ? "(empty reply)" : "no reason given");
  return status === "succeeded" ? `Hook ${name}: ${gist}` : `Hook ${name} (${status}): ${gist}`;
}
