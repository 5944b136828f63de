// Two CPU profiles of profile.mjs (say --target c and --target k) side by side: each function's self
// time on the main thread in µs per request (the samples' own time deltas over the requests each
// profile saw), sorted by how much more the second spends. Where profile.mjs's pieces say which
// part of the pipeline grew, this says which functions did.
import { readFileSync } from "node:fs";

const help = `Usage: node test/bench/profile-diff.mjs A.cpuprofile REQUESTS_A B.cpuprofile REQUESTS_B [--top N]

REQUESTS_*: the "requests under the profile" profile.mjs printed with each profile.`;

const args = process.argv.slice(2);
const topAt = args.indexOf("--top");
const top = topAt >= 0 ? Number(args.splice(topAt, 2)[1]) : 30;
const asked = args.includes("-h") || args.includes("--help");
if (asked || args.length !== 4) {
  console.log(help);
  process.exit(asked ? 0 : 2);
}

/** Self µs per request by function (name, file, line), and the busy total. */
function selfTimes(file, requests) {
  const profile = JSON.parse(readFileSync(file, "utf8"));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const { functionName, url, lineNumber } = byId.get(id).callFrame;
    if (functionName === "(idle)" || functionName === "(program)") return;
    // A sample's time is the delta to the next one.
    const us = profile.timeDeltas[i + 1] ?? 0;
    const where = url.replace(/^.*node_modules\//, "").replace(/^.*\/dist\//, "dist/");
    const key = `${functionName || "(anonymous)"} ${where}:${lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + us / requests);
    busy += us / requests;
  });
  return { self, busy };
}

const a = selfTimes(args[0], Number(args[1]));
const b = selfTimes(args[2], Number(args[3]));
console.log(`main thread busy µs per request: A ${a.busy.toFixed(1)}, B ${b.busy.toFixed(1)}\n`);
console.log("| B − A | A | B | function (self time, µs per request) |\n|---|---|---|---|");
const rows = [...new Set([...a.self.keys(), ...b.self.keys()])].map((k) => ({
  k,
  x: a.self.get(k) ?? 0,
  y: b.self.get(k) ?? 0,
}));
rows.sort((r, s) => s.y - s.x - (r.y - r.x));
for (const { k, x, y } of rows.slice(0, top)) {
  console.log(`| ${(y - x).toFixed(2)} | ${x.toFixed(2)} | ${y.toFixed(2)} | ${k} |`);
}
