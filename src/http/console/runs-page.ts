// Agent runs in the console: the list, and one run with its prompt, reply or error, delivery state
// and the transcript of its session.
import { laneText } from "../../core/lane.js";
import { formatDuration, formatTime } from "../../core/time-text.js";
import { flowText } from "../../store/hold-text.js";
import type {
  DeliveryState,
  HeartbeatRecord,
  LaneStats,
  RunRecord,
  SystemEvent,
  TranscriptMessage,
} from "../../store/types.js";
import { consoleHref, type Html, html } from "./html.js";

const GOOD = new Set(["succeeded", "sent", "acked", "replied"]);
const BAD = new Set(["failed", "timed_out"]);

/** A status in words, coloured as well (never by colour alone). */
function status(s: string): Html {
  return html`<span class="${GOOD.has(s) ? "good" : BAD.has(s) ? "bad" : s === "skipped" || s === "dropped" ? "muted" : "warn"}">${s}</span>`;
}

function delivery(d: DeliveryState | undefined): Html {
  if (!d) return html`<span class="muted">none</span>`;
  const where = d.channel ? html` to ${d.channel}${d.to ? html` <code>${d.to}</code>` : ""}` : "";
  return html`${status(d.status)}${where}${d.reason ? html` — ${d.reason}` : ""}`;
}

export function runList(runs: RunRecord[]): Html {
  if (runs.length === 0) return html`<p>No agent runs yet.</p>`;
  return html`<table>
<caption>Agent runs, newest first (times in UTC)</caption>
<thead><tr><th scope="col">Received</th><th scope="col">Hook</th><th scope="col">Status</th><th scope="col">Mapping</th><th scope="col">Delivery</th><th scope="col" class="num">Took</th></tr></thead>
<tbody>${runs.map(
    (r) => html`<tr>
<td><a href="${consoleHref("runs", r.id)}">${formatTime(r.receivedAt)}</a></td>
<td>${r.name}</td><td>${status(r.status)}</td><td>${r.mappingId ? html`<code>${r.mappingId}</code>` : ""}${r.lane ? html` · ${laneText(r.lane.name)}` : ""}</td>
<td>${delivery(r.delivery)}</td>
<td class="num">${formatDuration(r.startedAt !== undefined && r.finishedAt !== undefined ? r.finishedAt - r.startedAt : undefined)}</td>
</tr>`,
  )}</tbody></table>`;
}

export function runDetail(r: RunRecord, transcript: TranscriptMessage[], lanes: LaneStats[] = []): Html {
  const flow = flowText(r, lanes);
  return html`<dl>
<dt>Run</dt><dd><code>${r.id}</code> · hook ${r.name}${r.mappingId ? html` · mapping <code>${r.mappingId}</code>` : ""}</dd>
<dt>Status</dt><dd>${status(r.status)} after ${r.attempts} attempt${r.attempts === 1 ? "" : "s"}</dd>
${flow ? html`<dt>Flow</dt><dd>${flow}</dd>` : ""}
<dt>Received</dt><dd>${formatTime(r.receivedAt)}</dd>
<dt>Ran</dt><dd>${formatTime(r.startedAt)} → ${formatTime(r.finishedAt)}</dd>
<dt>Agent</dt><dd>${r.resolvedAgentId ?? r.agentId ?? "(default)"}${r.resolvedModel ? html` · model <code>${r.resolvedModel}</code>` : ""}</dd>
<dt>Session</dt><dd><code>${r.sessionKey}</code></dd>
${r.targetId ? html`<dt>Target id</dt><dd><code>${r.targetId}</code>${r.prompt ? html` · ${r.prompt.runner} runner` : ""}</dd>` : ""}
<dt>Delivery</dt><dd>${r.deliver ? delivery(r.delivery) : html`<span class="muted">not asked for</span>`}</dd>
</dl>
${r.error ? html`<h2>Error</h2><p class="error">${r.error}</p>` : ""}
<h2>Message</h2><pre>${r.message}</pre>
${r.reply !== undefined ? html`<h2>Reply</h2><pre>${r.reply}</pre>` : ""}
<h2>Session transcript</h2>
${
  transcript.length === 0
    ? html`<p class="muted">Empty.</p>`
    : html`<table><caption>Last ${transcript.length} messages of <code>${r.sessionKey}</code></caption>
<thead><tr><th scope="col">When</th><th scope="col">Role</th><th scope="col">Content</th></tr></thead>
<tbody>${transcript.map((m) => html`<tr><td>${formatTime(m.createdAt)}</td><td>${m.role}</td><td><pre>${m.content}</pre></td></tr>`)}</tbody></table>`
}`;
}

export function eventsView(events: SystemEvent[], beats: HeartbeatRecord[]): Html {
  return html`<h2>System events</h2>
${
  events.length === 0
    ? html`<p>No events yet.</p>`
    : html`<table><caption>Wakes and run summaries, newest first (times in UTC)</caption>
<thead><tr><th scope="col">Received</th><th scope="col">Source</th><th scope="col">State</th><th scope="col">Text</th></tr></thead>
<tbody>${events.map(
        (e) => html`<tr><td>${formatTime(e.createdAt)}</td><td>${e.source}</td>
<td>${e.consumedAt === undefined ? html`<span class="warn">pending</span>` : "consumed"}</td>
<td>${e.text}${e.repeats && e.repeats > 1 ? ` (×${e.repeats})` : ""}</td></tr>`,
      )}</tbody></table>`
}
<h2>Heartbeats</h2>
${
  beats.length === 0
    ? html`<p>No heartbeats yet.</p>`
    : html`<table><caption>Turns of the main session, newest first</caption>
<thead><tr><th scope="col">Started</th><th scope="col">Reason</th><th scope="col">Status</th><th scope="col" class="num">Events</th><th scope="col">Delivery</th><th scope="col">Reply or error</th></tr></thead>
<tbody>${beats.map(
        (b) => html`<tr><td>${formatTime(b.startedAt)}</td><td>${b.reason}</td><td>${status(b.status)}</td>
<td class="num">${b.eventIds.length}</td><td>${delivery(b.delivery)}</td><td>${b.error ?? b.reply ?? ""}</td></tr>`,
      )}</tbody></table>`
}`;
}
