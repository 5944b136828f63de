// A pack from an installed npm package: hooks.presets: [acme] is the package hookgate-pack-acme, found
// where the user installs packs: the node_modules folder beside the config file, and no other. Not the
// folders above, as node would look: a node_modules in a shared or world-writable folder above the
// config (/tmp, a home folder) would let anyone who can write there supply a pack. Its package.json
// names the pack file in "hookgate": { "pack": "pack.yaml" } (default pack.yaml).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import type { ConfigIssue } from "../issues.js";
import { packNames } from "./catalog.js";
import { readPackFile } from "./pack-file.js";
import type { PackDefinition } from "./types.js";

export const NPM_PREFIX = "hookgate-pack-";

export interface NpmPack {
  pack?: PackDefinition;
  issues: ConfigIssue[];
  /** The package.json files looked for, when none was found. */
  tried: string[];
}

export async function findNpmPack(name: string, fromDir: string, baseDir?: string): Promise<NpmPack> {
  const packageName = `${NPM_PREFIX}${name}`;
  const manifest = join(resolve(fromDir), "node_modules", packageName, "package.json");
  if (existsSync(manifest)) return readPackage(name, packageName, manifest, baseDir);
  return { issues: [], tried: [manifest] };
}

async function readPackage(
  name: string,
  packageName: string,
  manifest: string,
  baseDir: string | undefined,
): Promise<NpmPack> {
  const packageDir = dirname(manifest);
  const fail = (message: string): NpmPack => ({
    issues: [{ severity: "error", path: "", file: manifest, message }],
    tried: [manifest],
  });
  let field: unknown;
  try {
    const json = JSON.parse(readFileSync(manifest, "utf8")) as { hookgate?: { pack?: unknown } };
    field = json.hookgate?.pack;
  } catch (err) {
    return fail(`cannot read package ${packageName}: ${(err as Error).message}`);
  }
  if (field !== undefined && (typeof field !== "string" || field.trim() === "")) {
    return fail(
      `"hookgate": { "pack": ... } must be the pack file's path inside the package, e.g. "pack.yaml"`,
    );
  }
  const file = resolve(packageDir, (field as string | undefined) ?? "pack.yaml");
  const inside = relative(packageDir, file);
  if (inside === "" || inside.startsWith("..") || isAbsolute(inside)) {
    return fail(`"hookgate.pack" must name a file inside the package folder`);
  }
  const read = await readPackFile(file, { kind: "npm", packageName, packageDir }, baseDir ? { baseDir } : {});
  if (read.pack && !packNames(read.pack).includes(name)) {
    return {
      issues: [
        ...read.issues,
        {
          severity: "error",
          path: "id",
          file: read.pack.display,
          message: `package ${packageName} holds pack ${read.pack.id}, whose id and aliases (${packNames(read.pack).join(", ")}) do not include ${name}; add ${name} to its aliases`,
        },
      ],
      tried: [manifest],
    };
  }
  return { ...read, tried: [manifest] };
}

/** The names of the hookgate-pack-<name> packages installed where findNpmPack looks. */
export function installedPackNames(fromDir: string): string[] {
  const modules = join(resolve(fromDir), "node_modules");
  if (!existsSync(modules)) return [];
  return readdirSync(modules)
    .filter((entry) => entry.startsWith(NPM_PREFIX) && entry.length > NPM_PREFIX.length)
    .map((entry) => entry.slice(NPM_PREFIX.length));
}
