// Which configuration files are OpenClaw's: openclaw.json (the name OpenClaw gives it, also with a
// suffix such as openclaw.prod.json) and any .json5 file. Those are read as JSON5 and translated
// (translate.ts); every other file is hookgate's own format.
import { basename, extname } from "node:path";

export function isOpenClawFile(file: string): boolean {
  const name = basename(file).toLowerCase();
  return extname(name) === ".json5" || /^openclaw(\.[^/\\]+)?\.json$/.test(name);
}
