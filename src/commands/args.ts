// What the commands share in reading their arguments: strict parsing that answers a mistake with the
// help text, --help, and the store options of the commands that read the store.
import { type ParseArgsConfig, parseArgs } from "node:util";
import { configuredStore } from "../config/store-file.js";
import type { ReadableStore } from "../store/read-only.js";
import { unexpectedArgument, unknownOption } from "./did-you-mean.js";

/** Prints `hookgate COMMAND: message` and the help to stderr; returns the exit code 1. */
export function usageError(command: string, help: string, message: string): number {
  process.stderr.write(`hookgate ${command}: ${message}\n\n${help}\n`);
  return 1;
}

/**
 * `config.args` parsed by node:util parseArgs, or the exit code when there is nothing more to do:
 * 0 after printing the help for --help (an option `config` must declare), 1 after a usage error.
 */
export function parseCommandArgs<T extends ParseArgsConfig>(
  command: string,
  help: string,
  config: T,
): ReturnType<typeof parseArgs<T>> | number {
  let parsed: ReturnType<typeof parseArgs<T>>;
  try {
    parsed = parseArgs(config);
  } catch (err) {
    const code = (err as { code?: string }).code;
    const better =
      code === "ERR_PARSE_ARGS_UNKNOWN_OPTION"
        ? unknownOption(config)
        : code === "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL"
          ? unexpectedArgument(config)
          : undefined;
    return usageError(command, help, better ?? (err as Error).message);
  }
  if ((parsed.values as { help?: unknown }).help) {
    process.stdout.write(`${help}\n`);
    return 0;
  }
  return parsed;
}

/** --limit N: a positive whole number, 20 when not given; null when the text is not one. */
export function parseLimit(text: string | undefined): number | null {
  if (text === undefined) return 20;
  return /^[1-9]\d*$/.test(text) ? Number(text) : null;
}

/**
 * Opens the store --store names (a SQLite file or a PostgreSQL URL), else the one of the config
 * --config (or the default lookup) names; returns the exit code 1 after printing why when neither
 * can be used.
 */
export async function openStoreOption(
  command: string,
  values: { store?: string | undefined; config?: string | undefined },
): Promise<ReadableStore | number> {
  try {
    // Imported here: every command parses its arguments, few open a store (SQLite is native code).
    const { openForReading, storeFromArgument } = await import("../store/read-only.js");
    // Only the store is taken from the config, so reading needs no hook token.
    const store =
      values.store !== undefined
        ? storeFromArgument(values.store)
        : await configuredStore({ file: values.config });
    return await openForReading({ store });
  } catch (err) {
    process.stderr.write(`hookgate ${command}: ${(err as Error).message}\n`);
    return 1;
  }
}
