// One clear message for a YAML syntax error. A single indentation slip makes the parser report
// several errors (one per later line of the same block, or two for one line), and the position it
// gives is often the line before the slip or the start of the line. Only the first error is kept; for
// indentation errors it points at the first character of the offending line and says which columns
// the lines above use.
import type { LineCounter, YAMLError } from "yaml";

export interface SyntaxProblem {
  message: string;
  offset: number;
}

const misaligned = [
  "All mapping items must start at the same column",
  "All sequence items must start at the same column",
  "Sequence item without - indicator",
];

export function describeSyntaxError(err: YAMLError, text: string, lines: LineCounter): SyntaxProblem {
  const offset = err.pos[0];
  const line = lines.linePos(offset).line;
  if (misaligned.includes(err.message)) {
    const start = firstCharOf(text, lines, line);
    return { message: `${err.message}; ${columnHint(text, lines, line)}`, offset: start };
  }
  if (err.code === "BLOCK_AS_IMPLICIT_KEY" || err.code === "MULTILINE_IMPLICIT_KEY") {
    const next = nextContentLine(text, lines, line);
    const indent = indentOf(text, lines, line);
    if (next !== undefined && indentOf(text, lines, next) > indent) {
      return {
        message: `line ${next} is indented deeper than line ${line}, whose key already has a value, so it belongs to nothing; start it in column ${indent + 1} like line ${line}, or put it under a key without a value`,
        offset: firstCharOf(text, lines, next),
      };
    }
    return { message: `${err.message}; is a ":" missing after the key?`, offset };
  }
  if (err.code === "TAB_AS_INDENT") return { message: `${err.message}; indent with spaces`, offset };
  return { message: err.message, offset };
}

/** Which columns the content lines above `line` start in, around the one `line` starts in. */
function columnHint(text: string, lines: LineCounter, line: number): string {
  const column = indentOf(text, lines, line) + 1;
  const above = new Set<number>();
  for (let l = 1; l < line; l++) if (isContent(text, lines, l)) above.add(indentOf(text, lines, l) + 1);
  const less = Math.max(...[...above].filter((c) => c < column));
  const more = Math.min(...[...above].filter((c) => c > column));
  const where =
    Number.isFinite(less) && Number.isFinite(more)
      ? `, between the columns of the lines above (${less} and ${more})`
      : Number.isFinite(less)
        ? `, deeper than the lines above (column ${less})`
        : "";
  return `line ${line} starts in column ${column}${where}: move it to the column of the key it belongs with`;
}

function lineText(text: string, lines: LineCounter, line: number): string {
  const start = lines.lineStarts[line - 1] ?? text.length;
  const end = lines.lineStarts[line] ?? text.length;
  return text.slice(start, end).replace(/\r?\n$/, "");
}

function indentOf(text: string, lines: LineCounter, line: number): number {
  return /^ */.exec(lineText(text, lines, line))![0].length;
}

function firstCharOf(text: string, lines: LineCounter, line: number): number {
  return (lines.lineStarts[line - 1] ?? text.length) + indentOf(text, lines, line);
}

function isContent(text: string, lines: LineCounter, line: number): boolean {
  const t = lineText(text, lines, line).trim();
  return t !== "" && !t.startsWith("#");
}

function nextContentLine(text: string, lines: LineCounter, line: number): number | undefined {
  for (let l = line + 1; l <= lines.lineStarts.length; l++) if (isContent(text, lines, l)) return l;
  return undefined;
}
