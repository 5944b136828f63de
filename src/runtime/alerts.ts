// Alerts: one chat message when an issue opens and one when it closes, through the delivery adapters,
// at most one message per alerts.minIntervalSeconds. What opens or closes meanwhile waits and goes out
// together in the next message, so a storm of failures (an attacker's bad signatures from many
// addresses included) is one message per interval, not one per issue. A message says which path
// failed, its code, count and times: text of ours and names from the config, never a payload's text,
// a secret or a token (a hook name or address from a request is reduced to safe characters first).
import type { Logger } from "pino";
import type { ResolvedConfig } from "../config/types.js";
import { formatTime } from "../core/time-text.js";
import { issueTitle } from "../store/issues.js";
import type { IssueChanges, IssueRecord } from "../store/types.js";
import type { Delivery } from "./delivery/types.js";

/** Lines of one message at most; the rest are counted. */
const MAX_LINES = 10;
/** Characters a name from a request keeps. */
const MAX_NAME = 64;

export interface AlerterOptions {
  /** Read when a message is sent: a reload applies to the next one. */
  config: () => Pick<ResolvedConfig, "alerts">;
  delivery: () => Promise<Delivery>;
  log: Logger;
  now?: () => number;
}

export class Alerter {
  private waiting: string[] = [];
  private lastSentAt = Number.NEGATIVE_INFINITY;
  private timer: NodeJS.Timeout | null = null;
  private sending: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(private readonly opts: AlerterOptions) {}

  /** What one write of the issues changed. Never throws, never waits. */
  notify(changes: IssueChanges): void {
    const alerts = this.opts.config().alerts;
    if (!alerts || this.stopped) return;
    for (const i of changes.opened) this.waiting.push(openedLine(i));
    for (const i of changes.closed) this.waiting.push(closedLine(i));
    if (this.waiting.length === 0 || this.timer) return;
    const wait = this.lastSentAt + alerts.minIntervalMs - this.now();
    if (wait <= 0) {
      this.send();
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = null;
      this.send();
    }, wait);
    this.timer.unref();
  }

  /** Resolves when the messages being sent are done. */
  settled(): Promise<void> {
    return this.sending;
  }

  /** Sends nothing more; what waits is dropped (the issues themselves are in the store). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.sending;
  }

  private now(): number {
    return (this.opts.now ?? Date.now)();
  }

  private send(): void {
    const alerts = this.opts.config().alerts;
    const lines = this.waiting.splice(0, this.waiting.length);
    if (!alerts || lines.length === 0 || this.stopped) return;
    this.lastSentAt = this.now();
    const text = messageText(lines);
    this.sending = this.sending.then(async () => {
      const delivery = await this.opts.delivery();
      const state = await delivery.deliver({
        text,
        channel: alerts.channel,
        ...(alerts.to !== undefined && { to: alerts.to }),
      });
      if (state.status !== "sent") {
        this.opts.log.warn(
          { channel: alerts.channel, status: state.status, reason: state.reason },
          "alert not sent",
        );
      }
    });
  }
}

function messageText(lines: string[]): string {
  if (lines.length === 1) return `hookgate: ${lines[0]}`;
  const shown = lines.slice(0, MAX_LINES).map((l) => `- ${l}`);
  if (lines.length > MAX_LINES) shown.push(`- and ${lines.length - MAX_LINES} more: hookgate issues --all`);
  return [`hookgate: ${lines.length} issue changes`, ...shown].join("\n");
}

function openedLine(i: IssueRecord): string {
  const times = i.count === 1 ? "1 failure" : `${i.count} failures`;
  return `issue #${i.id} opened: ${safeTitle(i)} (${i.code}), ${times} since ${formatTime(i.firstSeen)}; hookgate issues show ${i.id}`;
}

function closedLine(i: IssueRecord): string {
  const at = i.closedAt !== undefined ? ` at ${formatTime(i.closedAt)}` : "";
  return `issue #${i.id} closed: ${safeTitle(i)} works again${at}, after ${i.count} failure${i.count === 1 ? "" : "s"} (${i.code})`;
}

/** The title with what came from a request (a hook name, an address) reduced to plain characters. */
function safeTitle(i: IssueRecord): string {
  const plain = (text: string) => text.replace(/[^\w.:/@*-]/g, "?").slice(0, MAX_NAME);
  return issueTitle({
    kind: i.kind,
    subject: plain(i.subject),
    ...(i.address !== undefined && { address: plain(i.address) }),
  });
}
