// Loading an OpenClaw file: translate it, then place every finding at the key the user wrote. Notices
// and the translator's errors already name OpenClaw keys; what the schema and the cross-checks find
// later names hookgate's keys, which `shown` leads back. `${ENV}` references are replaced only in what
// was translated, so an unset variable in a section hookgate ignores is no error.
import { homedir } from "node:os";
import { type ConfigIssue, issueAt, type SourceRef } from "../issues.js";
import { interpolateEnv } from "../source/interpolate.js";
import { formatKeyPath, parseKeyPath } from "../source/key-path.js";
import type { SourceFile } from "../source/source-file.js";
import { fromOpenClaw } from "./translate.js";

export interface OpenClawRead {
  /** hookgate's raw configuration, `${ENV}` replaced. */
  data: unknown;
  /** Locates hookgate key paths in the OpenClaw file. */
  source: SourceRef & { file: string };
  /** Notices, the translator's errors and interpolation errors. */
  issues: ConfigIssue[];
  /** An issue found on the translated configuration, with the path of the OpenClaw key it is about. */
  shown(issue: ConfigIssue): ConfigIssue;
}

export function readOpenClaw(read: SourceFile, env: NodeJS.ProcessEnv, home = homedir()): OpenClawRead {
  const t = fromOpenClaw(read.data, { home });
  const original = read.source;
  const source: SourceRef & { file: string } = {
    file: original.file,
    locate: (path, opts) => original.locate(t.origin(path), opts),
    locateChar: (path, index) => original.locateChar?.(t.origin(path), index),
  };
  const own = new Set<ConfigIssue>();
  const mark = (issue: ConfigIssue) => {
    own.add(issue);
    return issue;
  };
  const issues = [
    ...t.notices.map((n) => mark(issueAt("notice", original, n.path, n.message))),
    ...t.errors.map((e) => mark(issueAt("error", original, e.path, e.message))),
  ];
  const { value, problems, fileTexts } = interpolateEnv(t.config, env);
  if (fileTexts.length > 0) source.fileTexts = fileTexts;
  for (const p of problems) issues.push(mark(issueAt("error", original, t.origin(p.path), p.message)));
  return {
    data: value,
    source,
    issues,
    shown(issue) {
      if (own.has(issue)) return issue;
      const segments = parseKeyPath(issue.path);
      return segments === undefined ? issue : { ...issue, path: formatKeyPath(t.origin(segments)) };
    },
  };
}
