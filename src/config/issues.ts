// Collects findings with their location, so loading reports every problem at once.
import { formatKeyPath, type Locate, type LocateChar, type PathSegment } from "./source/key-path.js";

/**
 * A finding of config loading; errors stop the load, warnings are printed, and so are notices (what an
 * OpenClaw file holds that hookgate leaves out).
 */
export interface ConfigIssue {
  severity: "error" | "warning" | "notice";
  /** Key path such as `hooks.mappings[0].match.path`; `` for the whole file. */
  path: string;
  message: string;
  file?: string;
  line?: number;
  column?: number;
  /**
   * For an issue inside a string value (a template's syntax error): the index of the character it is
   * about. Placing the issue then points at that character rather than at the start of the value.
   */
  offset?: number;
}

/** Where issues point: the file as shown to the user and how to find a key path in it. */
export interface SourceRef {
  file?: string;
  locate?: Locate;
  locateChar?: LocateChar;
  /** Key paths whose values came from secret files (`${file:...}`): messages never quote them. */
  hidden?: ReadonlySet<string>;
  /** What those secret files hold: messages about any key never quote it (source/secret-text.ts). */
  fileTexts?: readonly string[];
}

export class IssueList {
  readonly items: ConfigIssue[] = [];

  error(source: SourceRef, path: readonly PathSegment[], message: string, opts?: { key?: boolean }): void {
    this.add("error", source, path, message, opts);
  }

  warn(source: SourceRef, path: readonly PathSegment[], message: string, opts?: { key?: boolean }): void {
    this.add("warning", source, path, message, opts);
  }

  push(...issues: ConfigIssue[]): void {
    this.items.push(...issues);
  }

  get hasErrors(): boolean {
    return this.items.some((i) => i.severity === "error");
  }

  /** Warnings and notices. */
  get warnings(): ConfigIssue[] {
    return this.items.filter((i) => i.severity !== "error");
  }

  private add(
    severity: ConfigIssue["severity"],
    source: SourceRef,
    path: readonly PathSegment[],
    message: string,
    opts?: { key?: boolean },
  ): void {
    this.items.push(issueAt(severity, source, path, message, opts));
  }
}

export function issueAt(
  severity: ConfigIssue["severity"],
  source: SourceRef,
  path: readonly PathSegment[],
  message: string,
  opts?: { key?: boolean },
): ConfigIssue {
  const issue: ConfigIssue = { severity, path: formatKeyPath(path), message };
  if (source.file !== undefined) issue.file = source.file;
  const pos = source.locate?.(path, opts);
  if (pos) {
    issue.line = pos.line;
    issue.column = pos.column;
  }
  return issue;
}

/** Whether an error sits at `path` or anywhere below it. */
export function hasIssueAt(issues: readonly ConfigIssue[], path: readonly PathSegment[]): boolean {
  const at = formatKeyPath(path);
  return issues.some(
    (i) =>
      i.severity === "error" && (i.path === at || i.path.startsWith(`${at}.`) || i.path.startsWith(`${at}[`)),
  );
}

/** `issues` without those at a key path that already has an error in `first` (a value that could not
 * be interpolated fails the schema too, and saying so twice is noise). */
export function afterErrors(first: readonly ConfigIssue[], issues: readonly ConfigIssue[]): ConfigIssue[] {
  const taken = new Set(first.filter((i) => i.severity === "error").map((i) => i.path));
  return issues.filter((i) => !taken.has(i.path));
}
