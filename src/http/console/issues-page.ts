// Issues in the console: failures after the 2xx grouped per path and code, open ones first, each with
// a link to an example run or request.
import { formatTime } from "../../core/time-text.js";
import { issueTitle } from "../../store/issues.js";
import type { IssueRecord } from "../../store/types.js";
import { consoleHref, type Html, html } from "./html.js";

function example(i: IssueRecord): Html | string {
  if (i.exampleRunId !== undefined) return html`<a href="${consoleHref("runs", i.exampleRunId)}">run</a>`;
  if (i.exampleRequestId !== undefined)
    return html`<a href="${consoleHref("requests", i.exampleRequestId)}">request</a>`;
  return "";
}

function table(caption: string, issues: IssueRecord[]): Html {
  return html`<table>
<caption>${caption}</caption>
<thead><tr><th scope="col">#</th><th scope="col">Issue</th><th scope="col">Code</th><th scope="col" class="num">Count</th><th scope="col">First seen</th><th scope="col">Last seen</th><th scope="col">Example</th>${caption.startsWith("Closed") ? html`<th scope="col">Closed</th>` : ""}</tr></thead>
<tbody>${issues.map(
    (i) => html`<tr>
<td>${i.id}</td><td>${issueTitle(i)}${i.message ? html`<br><span class="muted">${i.message}</span>` : ""}</td><td><code>${i.code}</code></td>
<td class="num">${i.count}</td><td>${formatTime(i.firstSeen)}</td><td>${formatTime(i.lastSeen)}</td><td>${example(i)}</td>
${i.closedAt !== undefined ? html`<td>${formatTime(i.closedAt)}</td>` : ""}
</tr>`,
  )}</tbody></table>`;
}

export function issueList(open: IssueRecord[], closed: IssueRecord[]): Html {
  const intro = html`<p>Failures after the answer, one issue per path and failure code: it opens at the first failure and closes when the same path succeeds again.</p>`;
  return html`${intro}
${open.length === 0 ? html`<p class="good">No open issues.</p>` : table("Open issues, newest first (times in UTC)", open)}
${closed.length > 0 ? table("Closed issues, newest first", closed) : ""}`;
}
