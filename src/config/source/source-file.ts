// Reads one config or rule file: parse by extension, then optional ${ENV} / ${file:...} interpolation.
import { readFile } from "node:fs/promises";
import { dirname, isAbsolute, relative } from "node:path";
import { type ConfigIssue, issueAt, type SourceRef } from "../issues.js";
import { interpolateEnv } from "./interpolate.js";
import { formatKeyPath, type Locate, type LocateChar } from "./key-path.js";
import { formatFromExtension, parseSource, type SourceFormat } from "./parse.js";

export interface SourceFile {
  data: unknown;
  source: SourceRef & { file: string; locate: Locate; locateChar?: LocateChar };
  /** Read, syntax and interpolation errors. */
  issues: ConfigIssue[];
  /** false when the file could not be read or parsed: `data` is then meaningless. */
  parsed: boolean;
}

/** A path as shown in messages: relative to `cwd` when below it, else absolute. */
export function displayPath(absolute: string, cwd: string): string {
  const rel = relative(cwd, absolute);
  return rel === "" || rel.startsWith("..") || isAbsolute(rel) ? absolute : rel;
}

export async function readSourceFile(
  absolute: string,
  display: string,
  opts: {
    env?: NodeJS.ProcessEnv;
    what: string;
    /** Folder `${file:PATH}` resolves against; default: the file's own folder. */
    dir?: string;
    /** How to read the file when its extension does not say (an OpenClaw openclaw.json is JSON5). */
    format?: SourceFormat;
  },
): Promise<SourceFile> {
  const none: Locate = () => undefined;
  const fail = (message: string): SourceFile => ({
    data: null,
    source: { file: display, locate: none },
    issues: [{ severity: "error", path: "", file: display, message }],
    parsed: false,
  });
  const format = opts.format ?? formatFromExtension(absolute);
  if (!format) return fail(`${opts.what} must end in .yaml, .yml or .json`);
  let text: string;
  try {
    text = await readFile(absolute, "utf8");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return fail(
      code === "ENOENT" ? `${opts.what} not found` : `cannot read ${opts.what}: ${(err as Error).message}`,
    );
  }
  const parsed = parseSource(text, format, display);
  const source = { file: display, locate: parsed.locate, locateChar: parsed.locateChar };
  if (parsed.issues.length > 0) return { data: null, source, issues: parsed.issues, parsed: false };
  if (!opts.env) return { data: parsed.data, source, issues: [], parsed: true };
  const { value, problems, fromFiles, fileTexts } = interpolateEnv(parsed.data, opts.env, {
    dir: opts.dir ?? dirname(absolute),
  });
  const hidden = new Set(fromFiles.map(formatKeyPath));
  return {
    data: value,
    source: hidden.size > 0 ? { ...source, hidden, fileTexts } : source,
    issues: problems.map((p) => issueAt(p.severity ?? "error", source, p.path, p.message)),
    parsed: true,
  };
}
