// OpenClaw writes its configuration in JSON5, and reads it with the `json5` package: so does hookgate,
// for the same values (compact keys, escapes in single quotes, Infinity, +1, hex). The values come
// from `json5`; where a key path sits in the file comes from a syntax tree of the same text
// (json5-locate.ts), built only when a message needs a place or to find a key given twice.
import JSON5 from "json5";
import type { ConfigIssue } from "../issues.js";
import { json5Locator } from "./json5-locate.js";
import type { ParsedSource } from "./located.js";

/** json5's errors carry the place; the message is shown without json5's own prefix and suffix. */
interface Json5SyntaxError extends SyntaxError {
  lineNumber?: number;
  columnNumber?: number;
}

export function parseJson5(text: string, file: string): ParsedSource {
  const locator = json5Locator(text);
  const located = { locate: locator.locate, locateChar: locator.locateChar };
  let data: unknown;
  try {
    data = JSON5.parse(text);
  } catch (err) {
    const e = err as Json5SyntaxError;
    const message = e.message.replace(/^JSON5: /, "").replace(/ at \d+:\d+$/, "");
    const issue: ConfigIssue = {
      severity: "error",
      path: "",
      file,
      message: `JSON5 syntax error: ${message}`,
    };
    if (e.lineNumber !== undefined && e.columnNumber !== undefined) {
      issue.line = e.lineNumber;
      issue.column = e.columnNumber;
    }
    return { data: null, issues: [issue], ...located };
  }
  // json5 keeps the last of two equal keys; a second `token:` that silently wins is refused, as in
  // YAML and JSON files.
  const twice = locator.duplicateKey();
  if (twice) {
    return {
      data: null,
      issues: [
        {
          severity: "error",
          path: "",
          file,
          message: `JSON5 syntax error: key "${twice.key}" appears twice in one object; keep one`,
          ...twice.at,
        },
      ],
      ...located,
    };
  }
  return { data, issues: [], ...located };
}
