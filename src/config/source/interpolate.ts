// `${NAME}` in any string value is replaced by the environment variable NAME, `${NAME:-default}` by
// NAME or, when it is unset or empty, by `default` (as in a POSIX shell); `${file:PATH}` by the
// contents of the file PATH without its trailing newline and spaces (Docker, systemd and Kubernetes
// hand secrets over as files); `$${NAME}` stays as the literal text `${NAME}`. Keys are left alone:
// they are structure, not settings.
import type { PathSegment } from "./key-path.js";
import { readSecretFile } from "./secret-file.js";

export interface InterpolationProblem {
  path: PathSegment[];
  message: string;
  /** Default: an error. */
  severity?: "error" | "warning";
}

/** Where keepingUnset() records the references it kept; a symbol, so no variable name can clash. */
const KEPT = Symbol("hookgate.keptUnset");

/**
 * `env` for a command that decides without any secret (hookgate replay): a reference to an unset
 * variable, or to a secret file that cannot be read, is no error there but stays as written
 * (`${NAME}`), and `unset` lists what was kept so ("NAME", "file:PATH"), in the order met.
 */
export function keepingUnset(env: NodeJS.ProcessEnv): { env: NodeJS.ProcessEnv; unset: Set<string> } {
  const unset = new Set<string>();
  return { env: Object.assign(Object.create(null) as NodeJS.ProcessEnv, env, { [KEPT]: unset }), unset };
}

export interface InterpolationOptions {
  /** Folder a relative `${file:PATH}` resolves against (the config file's folder). */
  dir?: string;
}

export interface Interpolated {
  value: unknown;
  problems: InterpolationProblem[];
  /** Key paths whose value holds a secret file's contents: messages never show them. */
  fromFiles: PathSegment[][];
  /** The secret files' contents, as read: whatever a message quotes of them is removed (secret-text.ts). */
  fileTexts: string[];
}

const reference = /\$(\$?)\{([^}]*)\}/g;
/** NAME, or NAME:-default (the default may be empty, and holds anything but `}`). */
const validReference = /^([A-Za-z_][A-Za-z0-9_]*)(?::-([\s\S]*))?$/;
/** file:PATH (`file:-x` is the variable `file` with a default, as it always was). */
const fileReference = /^file:([\s\S]*)$/;

export function interpolateEnv(
  data: unknown,
  env: NodeJS.ProcessEnv,
  opts: InterpolationOptions = {},
): Interpolated {
  const problems: InterpolationProblem[] = [];
  const fromFiles: PathSegment[][] = [];
  const kept = (env as { [KEPT]?: Set<string> })[KEPT];
  // A file used by several keys is read once per load, and warned about once.
  const files = new Map<string, ReturnType<typeof readSecretFile>>();
  const read = (file: string, path: PathSegment[]) => {
    let got = files.get(file);
    if (!got) {
      got = readSecretFile(file, opts.dir);
      files.set(file, got);
      if (got.ok && got.warning) problems.push({ path, message: got.warning, severity: "warning" });
    }
    return got;
  };
  const walk = (node: unknown, path: PathSegment[]): unknown => {
    if (typeof node === "string") {
      const out = interpolateString(node, env, path, problems, read, kept);
      if (out.fromFile) fromFiles.push(path);
      return out.text;
    }
    if (Array.isArray(node)) return node.map((item, i) => walk(item, [...path, i]));
    if (node !== null && typeof node === "object") {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(node)) out[key] = walk(value, [...path, key]);
      return out;
    }
    return node;
  };
  const value = walk(data, []);
  const fileTexts = [...files.values()].flatMap((got) => (got.ok ? [got.value] : []));
  return { value, problems, fromFiles, fileTexts };
}

function interpolateString(
  text: string,
  env: NodeJS.ProcessEnv,
  path: PathSegment[],
  problems: InterpolationProblem[],
  read: (file: string, path: PathSegment[]) => ReturnType<typeof readSecretFile>,
  kept: Set<string> | undefined,
): { text: string; fromFile: boolean } {
  if (!text.includes("${")) return { text, fromFile: false };
  let fromFile = false;
  const out = text.replace(reference, (whole, escaped: string, inner: string) => {
    if (escaped) return whole.slice(1);
    const ref = validReference.exec(inner);
    const file = ref ? null : fileReference.exec(inner);
    if (file) {
      const got = read(file[1]!, path);
      if (!got.ok) {
        if (kept) kept.add(inner);
        else problems.push({ path, message: got.error });
        return whole;
      }
      fromFile = true;
      return got.value;
    }
    if (!ref) {
      problems.push({
        path,
        message: `"\${${inner}}" is not a valid environment variable reference (\${NAME} or \${NAME:-default}; letters, digits and _ in NAME) nor a secret file (\${file:PATH}); write $\${...} for a literal \${...}`,
      });
      return whole;
    }
    const name = ref[1]!;
    const fallback = ref[2];
    const value = env[name];
    if (fallback !== undefined) return value === undefined || value === "" ? fallback : value;
    if (value === undefined) {
      if (kept) {
        kept.add(name);
        return whole;
      }
      problems.push({
        path,
        message: `environment variable ${name} is not set; set it, or write $\${${name}} for a literal \${${name}}`,
      });
      return whole;
    }
    return value;
  });
  return { text: out, fromFile };
}
