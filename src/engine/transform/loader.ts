// Loads transform modules at config load: bundle (once per module, on the main thread), list the
// exports (in a worker), pick the one to call, and build its sandbox in every worker of the pool.
import path from "node:path";
import { ConfigError } from "../../config/errors.js";
import { createHandle } from "./handle.js";
import { TransformPool } from "./pool.js";
import type { TransformHandle, TransformLimits } from "./types.js";

export interface TransformLoader {
  /** Bundles and starts `module` (relative to the transforms folder); throws ConfigError. */
  load(module: string, exportName?: string): Promise<TransformHandle>;
  /** Ends the workers; handles answer with a failure afterwards. */
  dispose(): void;
}

interface LoadedModule {
  factorySource: string;
  /** Export name → typeof its value. */
  exports: Map<string, string>;
}

export function createTransformLoader(opts: {
  transformsDir: string;
  limits: TransformLimits;
  /**
   * Only to check the rules (`hookgate validate`): modules are bundled, run once and their exports
   * checked, but no sandbox is built for calls, and a handle's calls fail.
   */
  checkOnly?: boolean;
  /** Calls are not timed in the process's metrics (requests that are only simulated). */
  uncounted?: boolean;
}): TransformLoader {
  const { transformsDir, limits } = opts;
  // Created with the first transform to load: a config without transforms never starts a worker.
  const pool = new TransformPool({
    limits: {
      cpuMs: limits.cpuMs,
      memoryMiB: limits.memoryMiB,
      maxResultBytes: limits.maxResultBytes,
      maxStackBytes: limits.maxStackBytes,
    },
    workers: limits.workers,
    maxQueued: limits.maxQueued,
  });
  // Modules are loaded to be used: the workers start while the first one is bundled.
  pool.warm();
  const modules = new Map<string, Promise<LoadedModule>>();
  const handles = new Map<string, Promise<TransformHandle>>();
  let nextId = 1;
  let disposed = false;
  const counted = !opts.uncounted;

  const loadModule = async (module: string): Promise<LoadedModule> => {
    // esbuild is loaded with the first transform: most configurations have none.
    const { bundleTransform } = await import("./bundle.js");
    const factorySource = await bundleTransform(module, transformsDir);
    const listed = await pool.probe(module, factorySource);
    if (!listed.ok) throw configError(`${module}: ${listed.error}`);
    return { factorySource, exports: new Map(listed.exports) };
  };

  const cachedModule = (module: string): Promise<LoadedModule> => {
    let loaded = modules.get(module);
    if (!loaded) {
      loaded = loadModule(module);
      modules.set(module, loaded);
      // A failed load is not cached: the next config load tries again.
      loaded.catch(() => modules.delete(module));
    }
    return loaded;
  };

  const start = async (
    module: string,
    factorySource: string,
    exportName: string,
  ): Promise<TransformHandle> => {
    const id = nextId++;
    if (opts.checkOnly)
      return createHandle(module, exportName, id, pool, factorySource, limits.maxInputBytes, counted);
    const added = await pool.add({ id, module, factorySource, exportName });
    if (disposed) throw new Error("the transform loader was disposed");
    if (!added.ok) throw configError(`${module}: ${added.error}`);
    return createHandle(module, exportName, id, pool, factorySource, limits.maxInputBytes, counted);
  };

  return {
    async load(module, exportName) {
      if (disposed) throw new Error("the transform loader was disposed");
      const key = path.normalize(module);
      const loaded = await cachedModule(key);
      const name = pickExport(module, loaded.exports, exportName);
      const handleKey = `${key}\0${name}`;
      let handle = handles.get(handleKey);
      if (!handle) {
        handle = start(module, loaded.factorySource, name);
        handles.set(handleKey, handle);
        handle.catch(() => handles.delete(handleKey));
      }
      return handle;
    },
    dispose() {
      disposed = true;
      pool.close();
      modules.clear();
      handles.clear();
    },
  };
}

/** `exportName`, else `default`, else `transform`; it must exist and be a function. */
function pickExport(module: string, exports: Map<string, string>, exportName: string | undefined): string {
  const names = [...exports.keys()];
  const available =
    names.length > 0
      ? `the module exports ${names.map((n) => `"${n}"`).join(", ")}`
      : "the module exports nothing";
  let name: string;
  if (exportName !== undefined) {
    if (!exports.has(exportName)) {
      throw configError(
        `${module}: export "${exportName}" not found; ${available} (set transform.export to one of them)`,
        "transform.export",
      );
    }
    name = exportName;
  } else if (exports.has("default")) {
    name = "default";
  } else if (exports.has("transform")) {
    name = "transform";
  } else {
    throw configError(
      `${module}: no export "default" or "transform"; ${available} (export the function as default or set transform.export)`,
    );
  }
  const type = exports.get(name);
  if (type !== "function") {
    throw configError(
      `${module}: export "${name}" is ${type === "undefined" ? "undefined" : `a ${type}`}, not a function; ${available}`,
      exportName === undefined ? "transform.module" : "transform.export",
    );
  }
  return name;
}

function configError(message: string, issuePath = "transform.module"): ConfigError {
  return new ConfigError([{ severity: "error", path: issuePath, message }]);
}
