// "Did you mean ...?" for the command line: mistyped commands, options, subcommands and values.
// Kept apart from args.ts so that cli.ts can use it without loading the store.
import { type ParseArgsConfig, parseArgs } from "node:util";
import { closest } from "../config/check/closest.js";

/**
 * `unknown option --limt; did you mean --limit?` for the first option `config` does not declare.
 * `-limit` (one dash, which parseArgs reads as the letters -l -i -m ...) is matched against the long
 * names as a whole.
 */
export function unknownOption(config: ParseArgsConfig): string | undefined {
  const options = config.options ?? {};
  const args = config.args ?? [];
  const { tokens } = parseArgs({ ...config, strict: false, tokens: true });
  for (const token of tokens) {
    // With strict off, a declared short option comes back under its long name; an unknown one does not.
    if (token.kind !== "option" || Object.hasOwn(options, token.name)) continue;
    const raw = args[token.index] ?? token.rawName;
    const shown = raw.startsWith("--") ? token.rawName : raw.split("=")[0]!;
    const word = shown.replace(/^-+/, "");
    const guess = word.length > 1 ? closest(word, Object.keys(options)) : undefined;
    return `unknown option ${shown}${guess ? `; did you mean --${guess}?` : ""}`;
  }
  return undefined;
}

/** `; did you mean "X"?` when `word` looks like a typo of one of `candidates`, else "". */
export function didYouMean(word: string, candidates: readonly string[]): string {
  const guess = closest(word, candidates);
  return guess === undefined ? "" : `; did you mean "${guess}"?`;
}

/**
 * `unexpected argument hookgate.yaml; to use that config file: --config hookgate.yaml` for the first
 * argument of a command that takes none, when it names a config file and the command has --config.
 */
export function unexpectedArgument(config: ParseArgsConfig): string | undefined {
  const { tokens } = parseArgs({ ...config, strict: false, allowPositionals: true, tokens: true });
  const arg = tokens.find((t) => t.kind === "positional")?.value;
  if (arg === undefined) return undefined;
  const configFile = Object.hasOwn(config.options ?? {}, "config") && /\.(ya?ml|json5?)$/i.test(arg);
  return `unexpected argument ${arg}${configFile ? `; to use that config file: --config ${arg}` : ""}`;
}
