// Loads transform modules at config load: bundle (once per module), list the exports, pick the one
// to call, and start a sandbox for it (once per module and export).
import path from "node:path";
import { ConfigError } from "../../config/errors.js";
import { bundleTransform } from "./bundle.js";
import { createHandle } from "./handle.js";
import { Sandbox, SandboxStartError } from "./sandbox.js";
import type { TransformHandle, TransformLimits } from "./types.js";

export interface TransformLoader {
  /** Bundles and starts `module` (relative to the transforms folder); throws ConfigError. */
  load(module: string, exportName?: string): Promise<TransformHandle>;
  /** Frees every sandbox; handles answer with a failure afterwards. */
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
}): TransformLoader {
  const { transformsDir, limits } = opts;
  const modules = new Map<string, Promise<LoadedModule>>();
  const handles = new Map<string, Promise<TransformHandle>>();
  const sandboxes = new Set<Sandbox>();
  let disposed = false;

  const startSandbox = async (
    module: string,
    factorySource: string,
    exportName: string,
  ): Promise<Sandbox> => {
    const sandbox = new Sandbox({ module, factorySource, exportName, limits });
    try {
      await sandbox.start();
    } catch (err) {
      if (err instanceof SandboxStartError) throw configError(`${module}: ${err.message}`);
      throw err;
    }
    return sandbox;
  };

  const loadModule = async (module: string): Promise<LoadedModule> => {
    const factorySource = await bundleTransform(module, transformsDir);
    const probe = await startSandbox(module, factorySource, "");
    const listed = probe.listExports();
    probe.dispose();
    if (!listed.ok) throw configError(`${module}: the module failed while loading: ${listed.error}`);
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

  return {
    async load(module, exportName) {
      if (disposed) throw new Error("the transform loader was disposed");
      const key = path.normalize(module);
      const loaded = await cachedModule(key);
      const name = pickExport(module, loaded.exports, exportName);
      const handleKey = `${key}\0${name}`;
      let handle = handles.get(handleKey);
      if (!handle) {
        handle = startSandbox(module, loaded.factorySource, name).then((sandbox) => {
          if (disposed) {
            sandbox.dispose();
            throw new Error("the transform loader was disposed");
          }
          sandboxes.add(sandbox);
          return createHandle(module, name, sandbox);
        });
        handles.set(handleKey, handle);
        handle.catch(() => handles.delete(handleKey));
      }
      return handle;
    },
    dispose() {
      disposed = true;
      for (const sandbox of sandboxes) sandbox.dispose();
      sandboxes.clear();
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
