// The SQLite driver is the better-sqlite3 line that is safe on the running Node.js (13.x from Node.js
// 22 on, 12.x on 20), and nothing else loads better-sqlite3 behind its back: on Node.js 24, a 12.x
// binary built against 24.19+ aborts the process when the garbage collector frees a statement.
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { Database } from "../../src/store/sqlite/driver.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const require = createRequire(import.meta.url);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|mjs|js)$/.test(e.name))
    .map((e) => join(e.parentPath, e.name));
}

describe("SQLite driver", () => {
  it("is better-sqlite3 13 from Node.js 22 on, 12 on Node.js 20", () => {
    const major = Number(process.versions.node.split(".")[0]);
    const line = major >= 22 ? "better-sqlite3-napi" : "better-sqlite3";
    expect(Database).toBe(require(line));
    const { version } = require(`${line}/package.json`) as { version: string };
    expect(version.split(".")[0]).toBe(major >= 22 ? "13" : "12");
    const db = new Database(":memory:");
    expect(db.prepare("SELECT 1 + 1 AS two").get()).toEqual({ two: 2 });
    db.close();
  });

  it("is the only module that loads better-sqlite3; the others import its types alone", () => {
    const offenders = [...sources(join(root, "src")), ...sources(join(root, "test"))]
      .filter((file) => !file.endsWith(join("src", "store", "sqlite", "driver.ts")))
      .filter((file) => {
        const text = readFileSync(file, "utf8");
        return (
          /^import (?!type )[^;]*from "better-sqlite3(-napi)?";/m.test(text) ||
          /require\("better-sqlite3/.test(text)
        );
      })
      .map((file) => relative(root, file));
    expect(offenders).toEqual([]);
  });
});
