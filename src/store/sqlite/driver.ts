// The SQLite driver: better-sqlite3, in the line that is safe on the running Node.js.
// - Node.js 22 and later: 13.x (package alias better-sqlite3-napi). It is built on Node-API, with
//   binaries for the common platforms inside the package. 12.x, when compiled against the headers of
//   Node.js 24.19 or later, aborts the process ("Assertion failed: (env) != nullptr") when the garbage
//   collector frees one of its statements outside JavaScript: node::ObjectWrap, which it extends, now
//   removes a cleanup hook in its destructor, and that needs an entered context.
// - Node.js 20: 12.x, the package better-sqlite3 (13.x crashes there), built at install.
// Both have the same API; the types are 12.x's.
import { createRequire } from "node:module";
import type BetterSqlite3 from "better-sqlite3";

const require = createRequire(import.meta.url);

function load(): typeof BetterSqlite3 {
  const major = Number(process.versions.node.split(".")[0]);
  if (major >= 22) {
    try {
      return require("better-sqlite3-napi") as typeof BetterSqlite3;
    } catch {
      // No binary in the package for this platform: 12.x, which its install built.
    }
  }
  return require("better-sqlite3") as typeof BetterSqlite3;
}

export const Database: typeof BetterSqlite3 = load();
