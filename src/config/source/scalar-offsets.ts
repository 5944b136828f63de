// Where each character of a string value sits in the file, so an error inside a value (a template's
// syntax error) can point at its real line and column. YAML changes text on the way from the file to
// the value — escapes, '' in single quotes, line folding, block indentation — so the map is rebuilt
// per scalar style, then checked against the parsed value; undefined when it does not agree.

/**
 * For a scalar whose source is `text.slice(start, end)`: the file offset of every character of
 * `value`, plus one entry for the end of the value. undefined when the map cannot be trusted.
 */
export function scalarOffsets(
  text: string,
  start: number,
  end: number,
  style: string | undefined,
  value: string,
): number[] | undefined {
  switch (style) {
    case "BLOCK_LITERAL":
    case "BLOCK_FOLDED":
      return blockOffsets(text, start, end, value);
    case "QUOTE_DOUBLE":
    case "QUOTE_SINGLE":
      return checked(flowOffsets(text, start + 1, end - 1, style), value);
    case "PLAIN":
      return checked(flowOffsets(text, start, end, style), value);
    default:
      return undefined;
  }
}

interface Produced {
  chars: string[];
  offsets: number[];
}

function checked(produced: Produced, value: string): number[] | undefined {
  if (produced.chars.join("") !== value) return undefined;
  const endOffset = produced.offsets.length > 0 ? produced.offsets[produced.offsets.length - 1]! + 1 : 0;
  return [...produced.offsets, endOffset];
}

const simpleEscapes: Record<string, string> = {
  "0": "\0",
  a: "\x07",
  b: "\b",
  t: "\t",
  "\t": "\t",
  n: "\n",
  v: "\v",
  f: "\f",
  r: "\r",
  e: "\x1b",
  " ": " ",
  '"': '"',
  "/": "/",
  "\\": "\\",
  N: "\u0085",
  _: "\u00a0",
  L: "\u2028",
  P: "\u2029",
};
const hexLength: Record<string, number> = { x: 2, u: 4, U: 8 };

/** Plain and quoted scalars (JSON strings are double-quoted ones): escapes and line folding. */
function flowOffsets(text: string, from: number, to: number, style: string): Produced {
  const chars: string[] = [];
  const offsets: number[] = [];
  const emit = (c: string, at: number) => {
    chars.push(c);
    offsets.push(at);
  };
  // Characters emitted on the current line that folding may drop when they end it.
  let trailingFrom = 0;
  let i = from;
  while (i < to) {
    const c = text[i]!;
    if (c === "\r" || c === "\n") {
      // Folding: trailing blanks go, a single line break becomes a space, n empty lines become n breaks.
      chars.length = trailingFrom;
      offsets.length = trailingFrom;
      const breakAt = i;
      let empty = 0;
      i = skipBreak(text, i);
      for (;;) {
        while (i < to && (text[i] === " " || text[i] === "\t")) i++;
        if (i < to && (text[i] === "\r" || text[i] === "\n")) {
          empty++;
          i = skipBreak(text, i);
        } else break;
      }
      if (empty === 0) emit(" ", breakAt);
      else for (let k = 0; k < empty; k++) emit("\n", breakAt);
      trailingFrom = chars.length;
      continue;
    }
    if (style === "QUOTE_DOUBLE" && c === "\\") {
      const e = text[i + 1] ?? "";
      if (e === "\r" || e === "\n") {
        // An escaped line break joins the lines without a space.
        i = skipBreak(text, i + 1);
        while (i < to && (text[i] === " " || text[i] === "\t")) i++;
        trailingFrom = chars.length;
        continue;
      }
      const hex = hexLength[e];
      if (hex !== undefined) {
        const code = Number.parseInt(text.slice(i + 2, i + 2 + hex), 16);
        const decoded = e === "U" ? String.fromCodePoint(code) : String.fromCharCode(code);
        for (const unit of decoded.split("")) emit(unit, i);
        i += 2 + hex;
      } else {
        emit(simpleEscapes[e] ?? e, i);
        i += 2;
      }
      trailingFrom = chars.length;
      continue;
    }
    if (style === "QUOTE_SINGLE" && c === "'" && text[i + 1] === "'") {
      emit("'", i);
      i += 2;
      trailingFrom = chars.length;
      continue;
    }
    emit(c, i);
    if (c !== " " && c !== "\t") trailingFrom = chars.length;
    i++;
  }
  if (style === "PLAIN") {
    chars.length = trailingFrom;
    offsets.length = trailingFrom;
  }
  return { chars, offsets };
}

function skipBreak(text: string, i: number): number {
  return text[i] === "\r" && text[i + 1] === "\n" ? i + 2 : i + 1;
}

/**
 * `|` and `>` blocks have no escapes: every content line appears in the value as written, minus its
 * indentation, in order. Each line is found in the value from where the previous one ended; what lies
 * between (line breaks, folding spaces, indentation kept by more-indented lines) is whitespace and
 * maps to the end of the line before it.
 */
function blockOffsets(text: string, start: number, end: number, value: string): number[] | undefined {
  const offsets: number[] = new Array(value.length + 1);
  const headerEnd = text.indexOf("\n", start);
  if (headerEnd === -1 || headerEnd >= end) return value === "" ? [start] : undefined;
  let cursor = 0;
  let lastOffset = headerEnd;
  let lineStart = headerEnd + 1;
  while (lineStart < end) {
    let lineEnd = text.indexOf("\n", lineStart);
    if (lineEnd === -1 || lineEnd > end) lineEnd = end;
    let contentEnd = lineEnd;
    if (text[contentEnd - 1] === "\r") contentEnd--;
    let indent = lineStart;
    while (indent < contentEnd && text[indent] === " ") indent++;
    const line = text.slice(indent, contentEnd);
    if (line !== "") {
      const at = value.indexOf(line, cursor);
      if (at === -1 || value.slice(cursor, at).trim() !== "") return undefined;
      for (let k = cursor; k < at; k++) offsets[k] = lastOffset;
      for (let k = 0; k < line.length; k++) offsets[at + k] = indent + k;
      cursor = at + line.length;
      lastOffset = contentEnd;
    }
    lineStart = lineEnd + 1;
  }
  if (value.slice(cursor).trim() !== "") return undefined;
  for (let k = cursor; k <= value.length; k++) offsets[k] = lastOffset;
  return offsets;
}
