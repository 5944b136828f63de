// Bundles one transform module (JS or TS) with esbuild into the source of a factory function that
// the sandbox evaluates anew on every call. Only files inside the transforms folder may be imported,
// and `node:crypto` (or `crypto`), which becomes the sandbox's host-computed subset (the factory's
// parameter, see prelude.ts): other built-ins, packages, URLs and anything that resolves outside
// (symbolic links included) are config errors naming the import.
//
// Two passes: the first bundles the module as ESM to learn its export names; the second bundles a
// small entry that imports those names and hands them over as [name, value] pairs. The factory then
// holds only the module's own code, without esbuild's namespace-object helpers, which would cost
// more than the transform itself in every call.
import { realpath } from "node:fs/promises";
import { createRequire, isBuiltin } from "node:module";
import path from "node:path";
import type { BuildOptions, Message, Plugin } from "esbuild";
import { ConfigError } from "../../config/errors.js";
import type { ConfigIssue } from "../../config/issues.js";

// Loaded with require: esbuild is CommonJS, and importing it as a module makes Node.js 20 scan its
// source for named exports first, which costs three times the load itself (about 30 ms of every
// `hookgate validate` of a configuration with transforms).
const { build } = createRequire(import.meta.url)("esbuild") as typeof import("esbuild");

/** Marks resolutions the plugin asks esbuild for, so that it does not check its own requests. */
const INNER = Symbol("inner resolve");
const ISSUE_PATH = "transform.module";
const RETURN_NAME = "__hookgate_return";
const EXPORTS_NAME = "__hookgate_exports";
const CRYPTO_NAME = "__hookgate_crypto";
const CRYPTO_NAMESPACE = "hookgate-crypto";
/** What `import ... from "node:crypto"` gives a transform: the object link() passes to the factory. */
const CRYPTO_MODULE = [
  `const crypto = ${CRYPTO_NAME};`,
  "export default crypto;",
  "export const { createHash, createHmac, timingSafeEqual, randomUUID } = crypto;",
].join("\n");

/**
 * Returns `(function (crypto) { ...; return [[name, value], ...]; })` for the module at `module`
 * inside `transformsDir`. Throws ConfigError for every problem found.
 */
export async function bundleTransform(module: string, transformsDir: string): Promise<string> {
  const dir = await realDir(module, transformsDir);
  const entry = await realEntry(module, dir);
  const common: BuildOptions = {
    absWorkingDir: dir,
    bundle: true,
    write: false,
    format: "esm",
    platform: "neutral",
    mainFields: [],
    target: "es2022",
    // The bundle runs as the body of a function: no top-level await, no import.meta.
    supported: { "top-level-await": false, "import-meta": false },
    charset: "utf8",
    legalComments: "none",
    logLevel: "silent",
    // tsconfig files around the folder must not change how transforms compile or resolve.
    tsconfigRaw: "{}",
    plugins: [onlyInside(dir)],
  };
  try {
    const first = await build({
      ...common,
      entryPoints: [entry],
      metafile: true,
      outdir: path.join(dir, "out"),
    });
    const names = Object.values(first.metafile.outputs)[0]?.exports ?? [];
    const imports = names.map((name, i) => `${JSON.stringify(name)} as e${i}`).join(", ");
    const pairs = names.map((name, i) => `[${JSON.stringify(name)}, e${i}]`).join(", ");
    const contents =
      (names.length > 0
        ? `import { ${imports} } from ${JSON.stringify(entry)};\n`
        : `import ${JSON.stringify(entry)};\n`) + `${RETURN_NAME}([${pairs}]);\n`;
    const second = await build({
      ...common,
      stdin: { contents, resolveDir: dir, sourcefile: "hookgate-entry.js", loader: "js" },
    });
    const text = second.outputFiles?.[0]?.text ?? "";
    return (
      `(function (${CRYPTO_NAME}) {\n"use strict";\nlet ${EXPORTS_NAME} = [];\n` +
      `const ${RETURN_NAME} = (pairs) => { ${EXPORTS_NAME} = pairs; };\n${text}\nreturn ${EXPORTS_NAME};\n})`
    );
  } catch (err) {
    throw new ConfigError(buildIssues(module, dir, err));
  }
}

async function realDir(module: string, transformsDir: string): Promise<string> {
  try {
    return await realpath(transformsDir);
  } catch {
    throw issue(
      `${module}: the transforms folder ${transformsDir} does not exist; create it or set hooks.transformsDir`,
    );
  }
}

async function realEntry(module: string, dir: string): Promise<string> {
  const wanted = path.resolve(dir, module);
  let real: string;
  try {
    real = await realpath(wanted);
  } catch {
    throw issue(`${module}: no such file in ${dir}; check transform.module (a path relative to that folder)`);
  }
  if (!isInside(dir, real)) {
    throw issue(
      `${module}: resolves to ${real}, outside ${dir}; transform modules must live inside that folder`,
    );
  }
  return real;
}

function isInside(dir: string, file: string): boolean {
  const rel = path.relative(dir, file);
  return rel !== "" && !rel.startsWith(`..${path.sep}`) && rel !== ".." && !path.isAbsolute(rel);
}

function onlyInside(dir: string): Plugin {
  const rule = `transforms may only import files inside ${dir}`;
  return {
    name: "hookgate-transforms-folder",
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /.*/ }, async (args) => {
        if (args.pluginData === INNER || args.kind === "entry-point") return undefined;
        const spec = args.path;
        const deny = (why: string) => ({
          errors: [{ text: `import "${spec}" is not allowed: ${rule} (${why})` }],
        });
        if (spec === "node:crypto" || spec === "crypto") return { path: spec, namespace: CRYPTO_NAMESPACE };
        if (spec.startsWith("node:") || isBuiltin(spec)) {
          return deny("built-in modules do not exist in the sandbox; remove the import");
        }
        if (
          !spec.startsWith("./") &&
          !spec.startsWith("../") &&
          !path.isAbsolute(spec) &&
          spec !== "." &&
          spec !== ".."
        ) {
          return deny("packages cannot be imported; copy the code you need into that folder");
        }
        const resolved = await pluginBuild.resolve(spec, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: INNER,
        });
        if (resolved.errors.length > 0) return { errors: resolved.errors };
        let real: string;
        try {
          real = await realpath(resolved.path);
        } catch {
          real = resolved.path;
        }
        if (!isInside(dir, real)) {
          // esbuild already followed links: a path that looks inside but lands outside went through one.
          const viaLink = isInside(dir, path.resolve(args.resolveDir, spec));
          return deny(`it resolves${viaLink ? " through a symbolic link" : ""} to ${real}`);
        }
        return { path: real };
      });
      pluginBuild.onLoad({ filter: /.*/, namespace: CRYPTO_NAMESPACE }, () => ({
        contents: CRYPTO_MODULE,
        loader: "js",
      }));
    },
  };
}

function buildIssues(module: string, dir: string, err: unknown): ConfigIssue[] {
  const messages = (err as { errors?: Message[] }).errors;
  if (!Array.isArray(messages) || messages.length === 0) {
    return [{ severity: "error", path: ISSUE_PATH, message: `${module}: ${String(err)}` }];
  }
  return messages.map((m) => {
    const loc = m.location;
    // An import node:crypto does not have: name the module as written and what it offers.
    const text = m.text.includes(`${CRYPTO_NAMESPACE}:`)
      ? `${m.text.replaceAll(`${CRYPTO_NAMESPACE}:`, "")}; transforms get createHash, createHmac, timingSafeEqual and randomUUID from it`
      : withoutFileText(m.text);
    const where = loc?.file
      ? ` (at ${path.relative(dir, path.resolve(dir, loc.file))}:${loc.line}:${(loc.column ?? 0) + 1})`
      : "";
    return { severity: "error", path: ISSUE_PATH, message: `${module}: ${text}${where}` };
  });
}

/**
 * esbuild quotes what it found (`Unexpected "hunter2"`): a module that is not JavaScript, such as a
 * secret file, would be shown in the load error. Only the punctuation it expected or found and a file
 * extension stay; import errors name the import as written, which is code.
 */
function withoutFileText(text: string): string {
  if (/^(import "|Could not resolve ")/.test(text)) return text;
  return text.replace(/"((?:[^"\\]|\\.)*)"/g, (quoted, inner: string) =>
    /^([\p{P}\p{S}]{1,3}|\.[A-Za-z0-9]{1,8})$/u.test(inner) ? quoted : '"…"',
  );
}

function issue(message: string): ConfigError {
  return new ConfigError([{ severity: "error", path: ISSUE_PATH, message }]);
}
