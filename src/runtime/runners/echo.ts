// The built-in runner: no model, deterministic, instant. Good for trying rules out and for tests.
import type { Runner, RunnerInput, RunnerResult } from "./types.js";

const MAX_LINE = 120;
const MAX_DIGEST = 300;

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function firstLine(text: string): string | undefined {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .find((line) => line.length > 0);
}

const MARKER_LINE = /^<<<[^<>]*>>>$/;

/** The content inside an external-content fence (markers, a short header, `---`), else the whole text. */
function unfenced(message: string): string {
  const lines = message.split(/\r?\n/);
  const open = lines.findIndex((l) => MARKER_LINE.test(l.trim()));
  if (open < 0) return message;
  const close = lines.findIndex((l, i) => i > open && MARKER_LINE.test(l.trim()));
  let body = lines.slice(open + 1, close < 0 ? undefined : close);
  const separator = body.findIndex((l) => l.trim() === "---");
  if (separator >= 0 && separator <= 3) body = body.slice(separator + 1);
  return body.join("\n");
}

function echoReply(input: RunnerInput): string {
  if (input.heartbeat) {
    const { events, ackToken } = input.heartbeat;
    if (events.length === 0) return ackToken;
    const noun = events.length === 1 ? "event" : "events";
    return clip(
      `${events.length} ${noun}: ${events.map((e) => e.replace(/\s+/g, " ").trim()).join(" | ")}`,
      MAX_DIGEST,
    );
  }
  const first = firstLine(unfenced(input.message));
  // Runs sharing a session key continue one conversation; the count of earlier messages shows it.
  const earlier = input.transcript.length;
  const details = `${input.message.length} chars${earlier ? `, ${earlier} earlier message${earlier === 1 ? "" : "s"}` : ""}`;
  return first ? `echo: ${clip(first, MAX_LINE)} (${details})` : `echo: empty message (${details})`;
}

export const echoRunner: Runner = {
  kind: "echo",
  async run(input: RunnerInput): Promise<RunnerResult> {
    return { reply: echoReply(input) };
  },
};
