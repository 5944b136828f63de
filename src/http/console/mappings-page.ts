// The mappings in force in the console, each with whether it is paused and a button that pauses or
// resumes it (`hookgate pause` / `hookgate resume` from the browser). The buttons post a form with the
// session's CSRF token, as every console form does.
import { formatTime } from "../../core/time-text.js";
import type { Pause } from "../../store/types.js";
import { type Html, html } from "./html.js";

export interface MappingRow {
  id: string;
  /** The hook name it matches; null: every one. */
  path: string | null;
  pack?: string | undefined;
}

/** The pause in force over a mapping: its own, else its pack's. */
function pauseOf(m: MappingRow, pauses: readonly Pause[]): Pause | undefined {
  return (
    pauses.find((p) => p.target === `mapping:${m.id}`) ??
    (m.pack === undefined ? undefined : pauses.find((p) => p.target === `pack:${m.pack}`))
  );
}

function pauseForm(csrf: string, target: string, action: "pause" | "resume", label: string): Html {
  return html`<form method="post" action="/console/pauses" class="inline">
<input type="hidden" name="csrf" value="${csrf}"><input type="hidden" name="target" value="${target}">
<input type="hidden" name="action" value="${action}"><button type="submit">${label}</button></form>`;
}

export function mappingList(mappings: readonly MappingRow[], pauses: readonly Pause[], csrf: string): Html {
  if (mappings.length === 0) return html`<p>No mappings are configured.</p>`;
  const rows = mappings.map((m) => {
    const pause = pauseOf(m, pauses);
    const until = pause?.until === undefined ? "until resumed" : `until ${formatTime(pause.until)}`;
    const state = pause
      ? html`<span class="warn">paused</span> by ${pause.target.replace(":", " ")} ${until}`
      : html`<span class="good">running</span>`;
    // A pack's pause is resumed as the pack's: resuming the mapping would not end it.
    const button = pause
      ? pauseForm(csrf, pause.target, "resume", `Resume ${pause.target.replace(":", " ")}`)
      : pauseForm(csrf, `mapping:${m.id}`, "pause", `Pause ${m.id}`);
    return html`<tr><td><code>${m.id}</code></td><td>${m.path === null ? html`<span class="muted">any</span>` : html`<code>${m.path}</code>`}</td>
<td>${m.pack ?? ""}</td><td>${state}</td><td>${button}</td></tr>`;
  });
  return html`<p>A paused mapping's requests are still answered and stored; its runs wait held and start, in the order they arrived, when it is resumed (<code>hookgate pause</code> and <code>hookgate resume</code> do the same).</p>
<table>
<caption>Mappings in the order they are tried (times in UTC)</caption>
<thead><tr><th scope="col">Mapping</th><th scope="col">Hook</th><th scope="col">Pack</th><th scope="col">State</th><th scope="col">Action</th></tr></thead>
<tbody>${rows}</tbody></table>`;
}
