// The shipped packs of senders that sign (rules/presets/*.yaml with a verify) keep the catalog's
// promises: a secret parameter that is never printed and defaults to an environment variable, links
// to the sender's documentation, a catch-all that answers the rest of the sender's events with 204,
// at least three cases (one of them an ignored event, one a refused signature) whose sample payloads
// exist (JSON objects, or a form body as the sender posts it), and a section in rules/presets/README.md;
// and every case passes, reaching every mapping, as `hookgate test --pack` runs it.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { expectPackCasesPass } from "./command-helpers.js";

const presets = fileURLToPath(new URL("../../rules/presets/", import.meta.url));
const readme = readFileSync(join(presets, "README.md"), "utf8");

interface Case {
  name?: string;
  payload?: unknown;
  payloadFile?: string;
  form?: boolean;
  sign?: boolean;
  expect?: { kind?: string; status?: number; reason?: string };
}
interface Mapping {
  id?: string;
  match?: Record<string, unknown>;
  action?: string;
}
interface Pack {
  id?: string;
  version?: string;
  description?: string;
  docs?: string[];
  params?: Record<string, { type?: string; secret?: boolean; default?: unknown }>;
  verify?: { scheme?: string; secret?: string };
  mappings?: Mapping[];
  tests?: Case[];
}

const packs = readdirSync(presets)
  .filter((name) => name.endsWith(".yaml"))
  .map((name) => ({ name, pack: parse(readFileSync(join(presets, name), "utf8")) as Pack }))
  .filter(({ pack }) => pack.verify !== undefined);

describe("catalog packs", () => {
  it("include the packs of senders that sign", () => {
    const ids = packs.map(({ pack }) => pack.id);
    for (const id of ["github", "gitlab", "linear", "sentry", "slack", "stripe"]) expect(ids).toContain(id);
  });

  describe.each(packs)("$name", ({ name, pack }) => {
    it("is named after its id and describes itself", () => {
      expect(name).toBe(`${pack.id}.yaml`);
      expect(pack.version).toMatch(/^\d+\.\d+\.\d+$/);
      expect(pack.description?.length).toBeGreaterThan(20);
      expect(pack.docs?.length).toBeGreaterThan(0);
      for (const link of pack.docs ?? []) expect(link).toMatch(/^https:\/\//);
    });

    it("reads its verify secret from a secret parameter with an environment default", () => {
      const ref = /^\$\{param:([A-Za-z]\w*)\}$/.exec(pack.verify?.secret ?? "");
      expect(ref, "verify.secret is a whole param reference").not.toBeNull();
      const param = pack.params?.[ref![1]!];
      expect(param?.secret).toBe(true);
      expect(param?.default).toMatch(/^\$\{[A-Z][A-Z0-9_]*\}$/);
    });

    it("answers the rest of its sender's events with 204 after its other mappings", () => {
      const mappings = pack.mappings ?? [];
      const last = mappings[mappings.length - 1];
      expect(last?.action).toBe("ignore");
      expect(Object.keys(last?.match ?? {})).toEqual(["path"]);
      const paths = new Set(mappings.map((m) => m.match?.["path"]));
      expect([...paths]).toEqual([last?.match?.["path"]]);
      for (const m of mappings) expect(m.id).toMatch(new RegExp(`^${pack.id}-`));
    });

    it("has cases for a run, an ignored event and a refused signature", () => {
      const cases = pack.tests ?? [];
      expect(cases.length).toBeGreaterThanOrEqual(3);
      const kinds = cases.map((c) => c.expect?.kind);
      expect(kinds).toContain("ignore");
      expect(kinds).toContain("refused");
      expect(kinds.some((k) => k === "agent" || k === "wake")).toBe(true);
      expect(new Set(cases.map((c) => c.name)).size).toBe(cases.length);
    });

    it("takes its cases' payloads from sample files that exist: JSON objects or form bodies", () => {
      for (const c of pack.tests ?? []) {
        if (c.payloadFile === undefined) {
          // inline, or none at all (a GET handshake)
          if (c.payload !== undefined) expect(c.payload, c.name).toBeTypeOf("object");
          continue;
        }
        const file = join(presets, c.payloadFile);
        expect(existsSync(file), c.payloadFile).toBe(true);
        if (c.form) {
          expect(c.payloadFile).toMatch(new RegExp(`^fixtures/${pack.id}/[\\w.-]+\\.form$`));
          const fields = new URLSearchParams(readFileSync(file, "utf8"));
          expect([...fields.keys()].length, c.payloadFile).toBeGreaterThan(0);
          continue;
        }
        expect(c.payloadFile).toMatch(new RegExp(`^fixtures/${pack.id}/[\\w.-]+\\.json$`));
        const body = JSON.parse(readFileSync(file, "utf8")) as unknown;
        expect(body, c.payloadFile).toBeTypeOf("object");
        expect(Array.isArray(body)).toBe(false);
      }
    });

    it("uses every sample payload of its folder", () => {
      const folder = join(presets, "fixtures", pack.id ?? "");
      const used = new Set((pack.tests ?? []).map((c) => c.payloadFile).filter(Boolean));
      const files = existsSync(folder) ? readdirSync(folder) : [];
      for (const f of files) expect(used, `fixtures/${pack.id}/${f}`).toContain(`fixtures/${pack.id}/${f}`);
    });

    it("passes its cases, which reach every mapping", async () => {
      await expectPackCasesPass(join(presets, name));
    });

    it("has a section in rules/presets/README.md", () => {
      const heading = new RegExp(`^## ${pack.id}( \\(.*\\))?$`, "m");
      expect(readme).toMatch(heading);
    });
  });
});
