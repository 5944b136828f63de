import { readFileSync } from "node:fs";

const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
  version: string;
  homepage?: string;
};

export const version: string = pkg.version;

/** Where the package lives, for User-Agent strings that ask for a URL (Discord's). */
export const homepage: string = pkg.homepage ?? "https://www.npmjs.com/package/hookgate";
