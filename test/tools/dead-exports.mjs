// Lists the exports of src/ that no other module imports (src/, the tests, the benchmarks and tools,
// which import the built dist/ files): a value used only inside its own file should lose `export`, and
// anything used nowhere should go. A type used in its own file may stay exported: it names a part of
// that module's interface (an options object, a result) for whoever calls it next. `npm run lint`
// runs it; the exit status is 1 when it finds any.
//
// It reads imports with TypeScript's parser, without type checking: named imports, `import * as`,
// dynamic `import()` (counts as using every export), `export ... from` (re-exports pass the use on).
// src/types/generated.ts is left out: it is generated from the schemas as a whole.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const SKIP = new Set(["src/types/generated.ts"]);

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "node_modules" || name === "results" ? [] : files(path);
    return /\.(ts|mts|mjs)$/.test(name) && !name.endsWith(".d.mts") ? [path] : [];
  });
}

/** The src/ module a relative specifier of `from` names, or undefined (packages, data files). */
function target(root, from, spec) {
  if (!spec.startsWith(".")) return undefined;
  const path = relative(root, resolve(dirname(from), spec));
  const ts = path.replace(/^dist\//, "src/").replace(/\.js$/, ".ts");
  return ts.startsWith("src/") ? ts : undefined;
}

const hasExport = (node) => ts.getCombinedModifierFlags(node) & ts.ModifierFlags.Export;

/** What one file exports (src/ only) and which exports of other modules it uses. */
function scan(root, file) {
  const rel = relative(root, file);
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const exported = new Map(); // name → "type" | "value"
  const uses = []; // [module, name | "*"]
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const to = target(root, file, node.moduleSpecifier.text);
      const clause = node.importClause;
      if (to && clause) {
        if (clause.name) uses.push([to, "default"]);
        const bindings = clause.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) uses.push([to, "*"]);
        else if (bindings)
          for (const el of bindings.elements) uses.push([to, (el.propertyName ?? el.name).text]);
      }
    } else if (ts.isExportDeclaration(node)) {
      const to =
        node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)
          ? target(root, file, node.moduleSpecifier.text)
          : undefined;
      const clause = node.exportClause;
      if (!clause) {
        if (to) uses.push([to, "*"]);
      } else if (ts.isNamedExports(clause)) {
        for (const el of clause.elements) {
          exported.set(el.name.text, node.isTypeOnly || el.isTypeOnly ? "type" : "value");
          if (to) uses.push([to, (el.propertyName ?? el.name).text]);
        }
      }
    } else if (ts.isExportAssignment(node)) {
      exported.set("default", "value");
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      const to = target(root, file, node.arguments[0].text);
      if (to) uses.push([to, "*"]);
    } else if (node.parent === source && hasExport(node)) {
      if (ts.isVariableStatement(node)) {
        for (const d of node.declarationList.declarations) {
          if (ts.isIdentifier(d.name)) exported.set(d.name.text, "value");
        }
      } else if (node.name) {
        const isDefault = ts.getCombinedModifierFlags(node) & ts.ModifierFlags.Default;
        const isType = ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node);
        exported.set(isDefault ? "default" : node.name.text, isType ? "type" : "value");
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  // How often each name occurs in the file: more than its declaration means the file uses it.
  const occurrences = new Map();
  const count = (node) => {
    if (ts.isIdentifier(node)) occurrences.set(node.text, (occurrences.get(node.text) ?? 0) + 1);
    ts.forEachChild(node, count);
  };
  count(source);
  return { rel, exported, uses, usedInFile: (name) => (occurrences.get(name) ?? 0) > 1 };
}

/** One line per dead export of `root`'s src/, sorted. */
export function deadExports(root = projectRoot) {
  const scanned = [...files(join(root, "src")), ...files(join(root, "test"))].map((f) => scan(root, f));
  const used = new Map();
  for (const { rel, uses } of scanned) {
    for (const [module, name] of uses) {
      if (module === rel) continue;
      if (!used.has(module)) used.set(module, new Set());
      used.get(module).add(name);
    }
  }
  const dead = [];
  for (const { rel, exported, usedInFile } of scanned) {
    if (!rel.startsWith("src/") || SKIP.has(rel)) continue;
    const names = used.get(rel) ?? new Set();
    if (names.has("*")) continue;
    for (const [name, kind] of exported) {
      if (names.has(name)) continue;
      if (!usedInFile(name)) dead.push(`${rel}: ${name} is used nowhere`);
      else if (kind === "value") dead.push(`${rel}: ${name} is used only in its file`);
    }
  }
  return dead.sort();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dead = deadExports();
  for (const line of dead) console.log(line);
  if (dead.length > 0) {
    console.error(`${dead.length} dead export(s): drop \`export\` where the file uses it, else the code`);
    process.exitCode = 1;
  }
}
