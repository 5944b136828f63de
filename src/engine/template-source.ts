// Source-level rewrite run once at load: OpenClaw-style index syntax `a[0].b` becomes Handlebars'
// segment-literal form `a.[0].b`, and a numeric last segment `a.0` becomes `a.[0]` (Handlebars would
// read `0}}` as a number literal). Only inside mustaches, never inside string literals or comments,
// so `{{default x "a[0]"}}` and plain text like `items[0]` outside braces stay as written.

const INDEX = /^\[(\d+)\]/;
const DOT_INDEX = /^\.(\d+)(?=$|[.[}~)\s|=])/;
/** Characters that end one word (path, literal or helper name) inside a mustache. */
const SEPARATOR = /[\s()=|{}~]/;

/** Rewrites `name[0]` to `name.[0]` inside every `{{ ... }}` of a template. */
export function rewriteIndexSyntax(source: string): string {
  let out = "";
  let i = 0;
  while (i < source.length) {
    const open = source.indexOf("{{", i);
    if (open === -1) break;
    // `\{{` is an escaped mustache: literal text up to the next one.
    if (open > 0 && source[open - 1] === "\\") {
      out += source.slice(i, open + 2);
      i = open + 2;
      continue;
    }
    out += source.slice(i, open);
    const close = findClose(source, open);
    if (close === -1) {
      // Unterminated: leave it for the parser to report with a position.
      out += source.slice(open);
      return out;
    }
    out += rewriteMustache(source.slice(open, close));
    i = close;
  }
  return out + source.slice(i);
}

/** Index just past the `}}` closing the mustache that opens at `open`, or -1. */
function findClose(source: string, open: number): number {
  const inner = source.slice(open + 2, open + 5);
  // Comments may contain braces and quotes: `{{!-- ... --}}` ends at `--}}`, `{{! ... }}` at `}}`.
  if (inner.startsWith("!--") || inner.startsWith("~!--")) {
    const end = source.indexOf("--", open + 4);
    const close = end === -1 ? -1 : source.indexOf("}}", end);
    return close === -1 ? -1 : close + 2;
  }
  if (inner.startsWith("!") || inner.startsWith("~!")) {
    const close = source.indexOf("}}", open + 2);
    return close === -1 ? -1 : close + 2;
  }
  let quote: string | null = null;
  for (let j = open + 2; j < source.length; j++) {
    const c = source[j];
    if (quote) {
      if (c === quote) quote = null;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === "}" && source[j + 1] === "}") {
      let end = j + 2;
      while (source[end] === "}") end++;
      return end;
    }
  }
  return -1;
}

function rewriteMustache(text: string): string {
  if (/^\{\{~?!/.test(text)) return text;
  let out = "";
  let quote: string | null = null;
  // First character of the current word: a path starts with a non-digit, a number literal with one.
  let wordFirst = "";
  for (let j = 0; j < text.length; j++) {
    const c = text[j]!;
    if (quote) {
      if (c === quote) quote = null;
      out += c;
      continue;
    }
    if (c === '"' || c === "'") {
      quote = c;
      out += c;
      continue;
    }
    if (SEPARATOR.test(c)) {
      wordFirst = "";
      out += c;
      continue;
    }
    if (wordFirst === "") wordFirst = c;
    if (c === "." && !/[\d-]/.test(wordFirst)) {
      const m = DOT_INDEX.exec(text.slice(j));
      if (m) {
        out += `.[${m[1]}]`;
        j += m[0].length - 1;
        continue;
      }
    }
    if (c === "[" && j > 0 && continuesPath(text[j - 1]!)) {
      const m = INDEX.exec(text.slice(j));
      if (m) {
        out += `.[${m[1]}]`;
        j += m[0].length - 1;
        continue;
      }
    }
    out += c;
  }
  return out;
}

/** A `[` right after one of these is an index into the path before it (not a literal segment start). */
function continuesPath(prev: string): boolean {
  return prev === "]" || /[^\s.({=|}~/[]/.test(prev);
}
