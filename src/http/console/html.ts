// HTML built from tagged templates that escape every value by default: sender-controlled text (hook
// names, headers, bodies, replies) can only ever become text, never markup or an attribute's end.
// Markup passes only as Html, which only these functions make.

export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
  "`": "&#96;",
};

// Bidi controls (ALM, LRM, RLM, LRE..RLO, LRI..PDI) reorder what is shown around them: a hook name
// or subject could make the page read otherwise than it is. They are shown as [U+202E] instead.
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const UNSAFE = new RegExp(`[&<>"'\`]|${BIDI.source}`, "g");

export function escapeHtml(text: string): string {
  return text.replace(
    UNSAFE,
    (c) => ESCAPES[c] ?? `[U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}]`,
  );
}

type Value = Html | string | number | boolean | null | undefined | readonly Value[];

function render(value: Value): string {
  if (value === null || value === undefined || value === false) return "";
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(render).join("");
  return escapeHtml(String(value));
}

/** html`<p>${text}</p>`: every interpolated value is escaped unless it is Html. */
export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]!) + strings[i + 1]!;
  return new Html(out);
}

/** A link inside the console: the path is ours, each dynamic segment is URL-encoded. */
export function consoleHref(...segments: string[]): string {
  return `/console${segments.map((s) => `/${encodeURIComponent(s)}`).join("")}`;
}
