// The request log in the console: the list (newest first, filtered), and one request with its answer,
// why, what the rules decide for it now (the same pipeline and text as `hookgate test`), its headers
// and its body.
import { ERRORS, type ErrorCode } from "../../core/errors.js";
import { formatTime } from "../../core/time-text.js";
import { normaliseHookPath } from "../../engine/hook-path.js";
import { describeChange } from "../../ingress/logged-decision.js";
import type { Redecision } from "../../ingress/replay.js";
import type { RequestLogRecord, RequestOutcome, RequestQuery } from "../../store/types.js";
import { consoleHref, type Html, html } from "./html.js";

export const OUTCOMES = ["wake", "agent", "skip", "replayed", "refused", "rejected"] as const;

/** How an outcome reads: in the Decision column and among the Outcome filter's choices alike. */
const OUTCOME_LABELS: Record<RequestOutcome, string> = {
  wake: "wake",
  agent: "agent run",
  skip: "skip",
  replayed: "replayed",
  refused: "refused",
  rejected: "refused before the rules",
};

/** The filters as typed; `hook` is any part of the hook name the Hook column shows. */
export type RequestFilters = Pick<RequestQuery, "hook" | "mappingId" | "outcome" | "deliveryId">;

/**
 * What the Hook filter looks for in hook names, from what was typed: the name as the Hook column
 * shows it (/github), its path under hooks.path (/hooks/github), or any part of it (gith).
 */
export function hookNamePart(typed: string, hooksPath: string): string {
  const text = typed.trim();
  const under = `${hooksPath}/`;
  return normaliseHookPath(text.startsWith(under) ? text.slice(under.length) : text);
}

function answerCell(e: RequestLogRecord): Html {
  const cls = e.status >= 500 ? "bad" : e.status >= 400 ? "warn" : "good";
  return html`<span class="${cls}">${e.status}</span>${e.code ? html` <code>${e.code}</code>` : ""}`;
}

function decisionCell(e: RequestLogRecord): Html {
  const what = OUTCOME_LABELS[e.outcome];
  // A fan-out (forEach): how many actions the request became.
  const count = e.decision?.count !== undefined ? ` ×${e.decision.count}` : "";
  return html`${what}${count}${e.mappingId ? html` by <code>${e.mappingId}</code>` : ""}`;
}

export function requestList(
  rows: RequestLogRecord[],
  filters: RequestFilters,
  older: number | undefined,
): Html {
  const option = (value: string, current: string | undefined) =>
    html`<option value="${value}"${value === (current ?? "") ? html` selected` : ""}>${value ? OUTCOME_LABELS[value as RequestOutcome] : "any"}</option>`;
  const form = html`<form class="filters" method="get" action="/console" role="search">
<div><label for="f-hook">Hook name</label><input id="f-hook" name="hook" value="${filters.hook ?? ""}"></div>
<div><label for="f-mapping">Mapping id</label><input id="f-mapping" name="mapping" value="${filters.mappingId ?? ""}"></div>
<div><label for="f-delivery">Delivery id</label><input id="f-delivery" name="delivery" value="${filters.deliveryId ?? ""}" title="The sender's id of the delivery: X-GitHub-Delivery, Stripe's event id, webhook-id, ..."></div>
<div><label for="f-outcome">Outcome</label><select id="f-outcome" name="outcome">${["", ...OUTCOMES].map((o) => option(o, filters.outcome))}</select></div>
<div><button type="submit">Filter</button> <a href="/console">Clear</a></div>
</form>`;
  if (rows.length === 0) {
    const filtered = filters.hook || filters.mappingId || filters.outcome || filters.deliveryId;
    return html`${form}<p>No requests logged${filtered ? " that match" : " yet"}.</p>`;
  }
  const params = new URLSearchParams();
  if (filters.hook) params.set("hook", filters.hook);
  if (filters.mappingId) params.set("mapping", filters.mappingId);
  if (filters.outcome) params.set("outcome", filters.outcome);
  if (filters.deliveryId) params.set("delivery", filters.deliveryId);
  if (older !== undefined) params.set("before", String(older));
  return html`${form}
<table>
<caption>Requests under the hooks path, newest first (times in UTC)</caption>
<thead><tr><th scope="col">Received</th><th scope="col">Hook</th><th scope="col">Answer</th><th scope="col">Decision</th><th scope="col">Run</th><th scope="col" class="num">ms</th></tr></thead>
<tbody>
${rows.map(
  (e) => html`<tr>
<td><a href="${consoleHref("requests", e.id)}">${formatTime(e.receivedAt)}</a></td>
<td>${e.method === "POST" ? "" : `${e.method} `}<code>/${e.hook}</code></td>
<td>${answerCell(e)}</td>
<td>${decisionCell(e)}</td>
<td>${e.runId ? html`<a href="${consoleHref("runs", e.runId)}" title="${e.runId}">${runIdEnd(e.runId)}</a>` : ""}</td>
<td class="num">${e.timings.totalMs.toFixed(1)}</td>
</tr>`,
)}
</tbody>
</table>
${older !== undefined ? html`<p><a href="/console?${params.toString()}">Older requests</a></p>` : ""}`;
}

/**
 * The end of a run id, which tells runs apart: ids begin with the time received, so runs of the same
 * minute share their start. `hookgate runs show` finds a run by it (with or without the "…").
 */
function runIdEnd(id: string): string {
  return id.length > 9 ? `…${id.slice(-8)}` : id;
}

/** One request; `now` is its re-decision with the rules in force, `nowText` how `hookgate test` shows it. */
export function requestDetail(e: RequestLogRecord, now: Redecision, nowText: string | undefined): Html {
  const why = e.error ?? (e.code && e.code in ERRORS ? ERRORS[e.code as ErrorCode].error : undefined);
  const body = e.body ? new TextDecoder().decode(e.body) : "";
  let shownBody = body;
  if (!e.bodyCut && body.trim() !== "") {
    try {
      shownBody = JSON.stringify(JSON.parse(body), null, 2);
    } catch {
      // Not JSON: shown as received.
    }
  }
  return html`<dl>
<dt>Received</dt><dd>${formatTime(e.receivedAt)} from <code>${e.client}</code></dd>
<dt>Request</dt><dd><code>${e.method} /${e.hook}</code> · id <code>${e.id}</code></dd>
${e.deliveryId !== undefined ? html`<dt>Delivery id</dt><dd><a href="/console?delivery=${encodeURIComponent(e.deliveryId)}"><code>${e.deliveryId}</code></a></dd>` : ""}
<dt>Answer</dt><dd>${answerCell(e)} in ${e.timings.totalMs.toFixed(1)} ms${e.timings.decideMs !== undefined ? ` (rules: ${e.timings.decideMs.toFixed(2)} ms)` : ""}</dd>
<dt>Decision</dt><dd>${decisionCell(e)}</dd>
${e.runId ? html`<dt>Run</dt><dd><a href="${consoleHref("runs", e.runId)}">${e.runId}</a></dd>` : ""}
</dl>
${why ? html`<h2>Why</h2><p class="error">${why}</p>` : ""}
${e.detail ? html`<p class="muted">Detail (not sent to the client): ${e.detail}</p>` : ""}
<h2>With the rules in force now</h2>
${
  now.replayable
    ? html`${now.rulesChanged ? html`<p class="notice">The rules have changed since this request was decided: this is what they decide now.</p>` : ""}
${now.changes.length === 0 ? html`<p>Decided the same way now.</p>` : html`<p>Decided differently now:</p><ul>${now.changes.map((c) => html`<li>${describeChange(c)}</li>`)}</ul>`}
<p class="muted">The explain trace and decision, as <code>hookgate test</code> prints them:</p>
<pre aria-label="Explain trace">${nowText ?? ""}</pre>`
    : html`<p class="notice">Not re-decided: ${now.why}.</p>`
}
<h2>Headers</h2>
<table><caption>As received; ${e.removedHeaders.length > 0 ? html`credentials not kept: <code>${e.removedHeaders.join(", ")}</code>` : "no credentials"}</caption>
<tbody>${Object.entries(e.headers).map(([k, v]) => html`<tr><th scope="row"><code>${k}</code></th><td><code>${v}</code></td></tr>`)}</tbody></table>
${Object.keys(e.query).length > 0 ? html`<h2>Query</h2><pre>${JSON.stringify(e.query, null, 2)}</pre>` : ""}
<h2>Body</h2>
${e.bodyBytes === 0 ? html`<p class="muted">No body${e.outcome === "rejected" ? " was read (refused before it)" : ""}.</p>` : html`${e.bodyCut ? html`<p class="notice">Only the first ${e.body?.length ?? 0} of ${e.bodyBytes} bytes were kept (requestLog.maxBodyBytes).</p>` : ""}<pre aria-label="Body">${shownBody}</pre>`}`;
}
