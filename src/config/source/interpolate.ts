// `${NAME}` in any string value is replaced by the environment variable NAME, `${NAME:-default}` by
// NAME or, when it is unset or empty, by `default` (as in a POSIX shell); `$${NAME}` stays as the
// literal text `${NAME}`. Keys are left alone: they are structure, not settings.
import type { PathSegment } from "./key-path.js";

export interface InterpolationProblem {
  path: PathSegment[];
  message: string;
}

const reference = /\$(\$?)\{([^}]*)\}/g;
/** NAME, or NAME:-default (the default may be empty, and holds anything but `}`). */
const validReference = /^([A-Za-z_][A-Za-z0-9_]*)(?::-([\s\S]*))?$/;

export function interpolateEnv(
  data: unknown,
  env: NodeJS.ProcessEnv,
): { value: unknown; problems: InterpolationProblem[] } {
  const problems: InterpolationProblem[] = [];
  const walk = (node: unknown, path: PathSegment[]): unknown => {
    if (typeof node === "string") return interpolateString(node, env, path, problems);
    if (Array.isArray(node)) return node.map((item, i) => walk(item, [...path, i]));
    if (node !== null && typeof node === "object") {
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(node)) out[key] = walk(value, [...path, key]);
      return out;
    }
    return node;
  };
  return { value: walk(data, []), problems };
}

function interpolateString(
  text: string,
  env: NodeJS.ProcessEnv,
  path: PathSegment[],
  problems: InterpolationProblem[],
): string {
  if (!text.includes("${")) return text;
  return text.replace(reference, (whole, escaped: string, inner: string) => {
    if (escaped) return whole.slice(1);
    const ref = validReference.exec(inner);
    if (!ref) {
      problems.push({
        path,
        message: `"\${${inner}}" is not a valid environment variable reference (\${NAME} or \${NAME:-default}; letters, digits and _ in NAME); write $\${...} for a literal \${...}`,
      });
      return whole;
    }
    const name = ref[1]!;
    const fallback = ref[2];
    const value = env[name];
    if (fallback !== undefined) return value === undefined || value === "" ? fallback : value;
    if (value === undefined) {
      problems.push({
        path,
        message: `environment variable ${name} is not set; set it, or write $\${${name}} for a literal \${${name}}`,
      });
      return whole;
    }
    return value;
  });
}
