// hooks.presets → the enabled packs, in that order, each once, with their parameter values and
// instantiated mappings (config/resolve/packs.ts).
import { closest } from "../check/closest.js";
import { type ConfigIssue, hasIssueAt, type IssueList, issueAt, type SourceRef } from "../issues.js";
import type { SourceRegistry } from "../source/sources.js";
import type { EnabledPack } from "../types.js";
import { type PackCatalog, packNames, readEntry } from "./catalog.js";
import { instantiatePack, packOrigin } from "./instantiate.js";
import { findNpmPack, NPM_PREFIX } from "./npm.js";
import { type ParamInput, resolveParamValues } from "./params.js";
import { isThirdParty, packFrom, thirdPartyIssues } from "./third-party.js";
import type { PackDefinition, PackEntry } from "./types.js";

export interface Found {
  pack?: PackDefinition;
  /** The package.json files looked for. */
  tried: string[];
  /** An installed package was found, but its pack has errors (already reported). */
  broken?: boolean;
}

/**
 * Finds a pack by id or alias: the catalog, then (when `npmFrom` is set) an installed package. Reads
 * the file of each pack it finds once, and only of those.
 */
export class PackFinder {
  private readonly npm = new Map<string, Found>();
  private readonly read = new Map<PackEntry, Promise<Found>>();

  constructor(
    readonly catalog: PackCatalog,
    private readonly opts: { npmFrom?: string; baseDir?: string; issues: IssueList },
  ) {}

  async find(name: string): Promise<Found> {
    const known = this.catalog.byName.get(name);
    if (known) {
      let found = this.read.get(known);
      if (!found) {
        found = readEntry(known, this.opts.baseDir).then((got) => {
          this.opts.issues.push(...got.issues);
          return got.pack ? { pack: got.pack, tried: [] } : { tried: [], broken: true };
        });
        this.read.set(known, found);
      }
      return found;
    }
    // A pack file of the user's that does not load: its own errors say why.
    if (this.catalog.broken.has(name)) return { tried: [], broken: true };
    if (this.opts.npmFrom === undefined || !/^[a-z0-9][a-z0-9._-]*$/.test(name)) return { tried: [] };
    let found = this.npm.get(name);
    if (!found) {
      const got = await findNpmPack(name, this.opts.npmFrom, this.opts.baseDir);
      const taken = got.pack ? this.takenNames(got.pack) : undefined;
      if (taken) {
        got.issues.push(taken);
        delete got.pack;
      }
      this.opts.issues.push(...got.issues);
      // An installed package whose pack does not load: its errors say why, "unknown" would mislead.
      found = got.pack
        ? { pack: got.pack, tried: got.tried }
        : { tried: got.tried, broken: got.issues.length > 0 };
      this.npm.set(name, found);
    }
    return found;
  }

  /**
   * An installed package may not name its pack after a built-in pack or one of the user's folder packs:
   * `hooks.packs.<name>`, messages and `packs show` would then mean two packs by one name.
   */
  private takenNames(pack: PackDefinition): ConfigIssue | undefined {
    const clash = packNames(pack).filter((n) => this.catalog.byName.has(n));
    if (clash.length === 0) return undefined;
    const owner = this.catalog.byName.get(clash[0]!)!;
    const whose = owner.origin.kind === "built-in" ? "the built-in pack" : "your pack";
    return issueAt(
      "error",
      pack.source,
      [pack.id === clash[0] ? "id" : "aliases"],
      `${packFrom(pack)} names its pack ${clash.join(", ")}, the name${clash.length > 1 ? "s" : ""} of ${whose} ${owner.id} (${owner.display}); an installed pack may not take the name of another, so it is not loaded: uninstall it, or ask its author for another id and aliases`,
    );
  }

  /**
   * `unknown pack "x"; did you mean y? known packs: ...`. Only a name close to no known pack names
   * the npm package looked for: suggesting `npm install` of a typo would install whatever someone
   * published under it.
   */
  unknownMessage(name: string, tried: readonly string[]): string {
    const names = [...this.catalog.byName.keys()].sort();
    const known = `known packs: ${names.join(", ") || "(none)"}`;
    const guess = closest(name, names);
    if (guess !== undefined) return `unknown pack "${name}"; did you mean ${guess}? ${known}`;
    const npm =
      tried.length > 0
        ? `; no installed package ${NPM_PREFIX}${name} either (looked in ${tried.join(", ")}): npm install ${NPM_PREFIX}${name} in the configuration's folder to use one`
        : "";
    return `unknown pack "${name}"; ${known}${npm}`;
  }
}

export interface EnableOptions {
  finder: PackFinder;
  /** The user's parameter blocks by pack. */
  inputs: ReadonlyMap<PackDefinition, ParamInput>;
  env: NodeJS.ProcessEnv;
  issues: IssueList;
  /** Where hooks.presets is. */
  source: SourceRef;
  /** Pack files register here, so later issues at a pack mapping's origin get file:line. */
  sources?: SourceRegistry;
}

export async function enablePacks(names: readonly string[], opts: EnableOptions): Promise<EnabledPack[]> {
  const { issues } = opts;
  const enabled: EnabledPack[] = [];
  const firstIndex = new Map<PackDefinition, number>();
  for (const [i, name] of names.entries()) {
    const { pack, tried, broken } = await opts.finder.find(name);
    if (!pack) {
      if (broken) continue;
      issues.error(opts.source, ["hooks", "presets", i], opts.finder.unknownMessage(name, tried));
      continue;
    }
    const first = firstIndex.get(pack);
    if (first !== undefined) {
      issues.warn(
        opts.source,
        ["hooks", "presets", i],
        `"${name}" enables pack ${pack.id}, already enabled by hooks.presets[${first}]; remove one`,
      );
      continue;
    }
    firstIndex.set(pack, i);
    const errorsBefore = errorCount(issues);
    const input = opts.inputs.get(pack);
    // A parameter whose value already failed (an unset ${ENV} in it) counts as invalid too.
    const failedBefore = input !== undefined && hasIssueAt(issues.items, input.path);
    const values = resolveParamValues(pack, input, opts.env, issues, {
      source: opts.source,
      path: ["hooks", "presets", i],
    });
    // Without valid parameters its mappings would only repeat the same problem, once per mapping.
    const made =
      failedBefore || errorCount(issues) > errorsBefore
        ? { mappings: [], issues: [] }
        : instantiatePack(pack, values);
    const { mappings, issues: found } = made;
    issues.push(...found);
    if (isThirdParty(pack) && made.mappings.length > 0) {
      const user = input ?? { source: opts.source, path: ["hooks", "presets", i] };
      const given = Object.keys(input?.given ?? {});
      issues.push(...thirdPartyIssues({ pack, given, user }, mappings));
    }
    opts.sources?.addRuleFile(packOrigin(pack), pack.source);
    const entry: EnabledPack = { pack, enabledAs: name, values, mappings };
    if (input) entry.given = { path: input.path, source: input.source, names: Object.keys(input.given) };
    enabled.push(entry);
  }
  return enabled;
}

function errorCount(issues: IssueList): number {
  return issues.items.filter((i) => i.severity === "error").length;
}
