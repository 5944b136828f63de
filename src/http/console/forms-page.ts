// The console's forms: the login, and the playground, where a payload and headers pasted in go
// through the same pipeline as `hookgate test` and nothing is stored, sent or run.
import { type Html, html } from "./html.js";

export function loginForm(error?: string): Html {
  return html`<div class="login">
${error ? html`<p class="error" role="alert">${error}</p>` : ""}
<form method="post" action="/console/login">
<label for="token">Hook token</label>
<input id="token" name="token" type="password" autocomplete="current-password" required size="40">
<p class="muted">The token senders use (hooks.token). It opens a session in this browser.</p>
<button type="submit">Log in</button>
</form>
</div>`;
}

export interface PlaygroundInput {
  hook: string;
  mapping: string;
  headers: string;
  payload: string;
  now: string;
}

export const EMPTY_PLAYGROUND: PlaygroundInput = {
  hook: "",
  mapping: "",
  headers: "",
  payload: "{\n  \n}",
  now: "",
};

export function playground(
  input: PlaygroundInput,
  mappings: { id: string; path: string | null }[],
  csrf: string,
  result?: { error?: string; text?: string },
): Html {
  const paths = [...new Set(mappings.map((m) => m.path).filter((p): p is string => p !== null))];
  return html`<p>Try a payload on the rules in force: the decision and its explain trace come from the same
pipeline as <code>hookgate test</code>. Nothing is stored, sent or run.</p>
${result?.error ? html`<p class="error" role="alert">${result.error}</p>` : ""}
${result?.text !== undefined ? html`<h2>Decision</h2><pre aria-label="Decision and explain trace" id="result">${result.text}</pre>` : ""}
<h2>Request</h2>
<form method="post" action="/console/playground">
<input type="hidden" name="csrf" value="${csrf}">
<label for="p-hook">Hook name (the part after the hooks path)</label>
<input id="p-hook" name="hook" list="p-paths" value="${input.hook}" size="40" aria-describedby="p-hook-help">
<datalist id="p-paths">${paths.map((p) => html`<option value="${p}"></option>`)}${html`<option value="wake"></option><option value="agent"></option>`}</datalist>
<p id="p-hook-help" class="muted">Or leave it empty and pick a mapping: its match.path is used.</p>
<label for="p-mapping">Mapping</label>
<select id="p-mapping" name="mapping"><option value="">(by hook name)</option>${mappings.map(
    (m) =>
      html`<option value="${m.id}"${m.id === input.mapping ? html` selected` : ""}>${m.id}${m.path ? ` — /${m.path}` : " — any path"}</option>`,
  )}</select>
<label for="p-headers">Headers, one per line (name: value)</label>
<textarea id="p-headers" name="headers" rows="4" spellcheck="false">${input.headers}</textarea>
<label for="p-payload">Payload (JSON)</label>
<textarea id="p-payload" name="payload" rows="12" spellcheck="false">${input.payload}</textarea>
<label for="p-now">Time {{now}} renders (ISO, optional)</label>
<input id="p-now" name="now" value="${input.now}" placeholder="2025-06-01T14:02:00Z">
<p><button type="submit">Decide</button></p>
</form>
`;
}
