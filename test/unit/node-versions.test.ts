// The Node.js versions hookgate supports (package.json `engines`) are the ones the installed packages
// support too, so that `npm install` warns of no unsupported engine, with one exception: the SQLite
// driver for Node.js 22 and later (better-sqlite3 13, installed everywhere, loaded only there; see
// src/store/sqlite/driver.ts). And fastify's inject, whose light-my-request is pinned to 6.6 for that
// (6.8 brings cookie 2, which wants Node 22), still does its work with it.
import { readFileSync } from "node:fs";
import Fastify from "fastify";
import semver from "semver";
import { describe, expect, it } from "vitest";

const root = new URL("../../", import.meta.url);
const pkg = JSON.parse(readFileSync(new URL("package.json", root), "utf8")) as {
  engines: { node: string };
};
const lock = JSON.parse(readFileSync(new URL("package-lock.json", root), "utf8")) as {
  packages: Record<string, { engines?: { node?: string } | string[] }>;
};

/** The first release of each line the range allows, e.g. 20.19.0 for `^20.19.0`. */
function lowestOfEachLine(range: string): string[] {
  return new semver.Range(range).set.map(
    (comparators) => semver.minVersion(comparators.map((c) => c.value).join(" "))!.version,
  );
}

describe("supported Node.js versions", () => {
  it("are 20 (from 20.19), 22 (from 22.13) and 24 on", () => {
    expect(lowestOfEachLine(pkg.engines.node)).toEqual(["20.19.0", "22.13.0", "24.0.0"]);
  });

  it("are supported by every package the lockfile installs but the Node.js 22+ SQLite driver", () => {
    const refused: string[] = [];
    for (const version of lowestOfEachLine(pkg.engines.node)) {
      for (const [path, entry] of Object.entries(lock.packages)) {
        // Very old packages wrote engines as an array; npm ignores that form.
        const wanted = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        if (path === "" || !wanted) continue;
        if (!semver.satisfies(version, wanted)) refused.push(`${path} wants node ${wanted}, not ${version}`);
      }
    }
    expect(refused).toEqual(["node_modules/better-sqlite3-napi wants node >=22, not 20.19.0"]);
  });

  it("leave fastify's inject able to send cookies (light-my-request 6.6, cookie 1.x)", async () => {
    const app = Fastify();
    app.get("/", async (req) => ({ cookie: req.headers.cookie }));
    try {
      const res = await app.inject({ method: "GET", url: "/", cookies: { session: "a b" } });
      expect(res.json()).toEqual({ cookie: "session=a%20b" });
    } finally {
      await app.close();
    }
  });
});
