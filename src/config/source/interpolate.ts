// `${NAME}` in any string value is replaced by the environment variable NAME; `$${NAME}` stays as the
// literal text `${NAME}`. Keys are left alone: they are structure, not settings.
import type { PathSegment } from "./key-path.js";

export interface InterpolationProblem {
  path: PathSegment[];
  message: string;
}

const reference = /\$(\$?)\{([^}]*)\}/g;
const validName = /^[A-Za-z_][A-Za-z0-9_]*$/;

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
  return text.replace(reference, (whole, escaped: string, name: string) => {
    if (escaped) return whole.slice(1);
    if (!validName.test(name)) {
      problems.push({
        path,
        message: `"\${${name}}" is not a valid environment variable reference (letters, digits and _ only); write $\${...} for a literal \${...}`,
      });
      return whole;
    }
    const value = env[name];
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
