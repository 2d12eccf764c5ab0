import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// Import cycles (issue 12's "no import cycles", docs/decisions/0106): the project's relative
// imports read with TypeScript's parser (no type-check), the strongly connected components of
// that graph found once. ESLint's import-x/no-cycle did the same per file, walking every file's
// dependencies again: a third of the lint's time for one rule.
//
// An edge is what the running code loads, as no-cycle counted it: `import`, `export … from` and
// `import()` of a relative path; `import type`, an import of types only and an external package
// are not edges.

const SOURCE = /\.(ts|tsx)$/;
const EXTENSIONS = ['.ts', '.tsx', '.js', '/index.ts', '/index.tsx'];

/** Every .ts and .tsx file under `dir`, but declarations, specs and fixtures outside `dir`. */
function sourcesOf(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') out.push(...sourcesOf(full));
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

/** The relative specifiers `file` loads at run time. */
function runtimeImports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  const found: string[] = [];
  const typesOnly = (clause: ts.ImportClause | undefined) => {
    if (!clause) return false; // `import './x'`: loaded for its effects
    if (clause.isTypeOnly) return true;
    if (clause.name) return false;
    const bindings = clause.namedBindings;
    return (
      !!bindings &&
      ts.isNamedImports(bindings) &&
      bindings.elements.length > 0 &&
      bindings.elements.every((e) => e.isTypeOnly)
    );
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      if (!typesOnly(node.importClause)) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      const named = node.exportClause && ts.isNamedExports(node.exportClause);
      const allTypes =
        node.isTypeOnly ||
        (named &&
          (node.exportClause as ts.NamedExports).elements.length > 0 &&
          (node.exportClause as ts.NamedExports).elements.every((e) => e.isTypeOnly));
      if (!allTypes) found.push(node.moduleSpecifier.text);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments.length === 1 &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push(node.arguments[0].text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter((s) => s.startsWith('.'));
}

/** The file a relative specifier of `from` names, when it is one of `files`. */
function resolve(from: string, spec: string, files: Set<string>): string | null {
  const base = path.resolve(path.dirname(from), spec);
  if (files.has(base)) return base;
  for (const ext of EXTENSIONS) {
    const candidate = base.replace(/\.js$/, '') + ext;
    if (files.has(candidate)) return candidate;
  }
  return null;
}

/** The files under `dirs` (absolute paths), each with the files of them it loads. */
export function importGraph(root: string, dirs: string[]): Map<string, string[]> {
  const files = new Set(dirs.flatMap((d) => sourcesOf(path.resolve(root, d))));
  const edges = new Map<string, string[]>();
  for (const file of files) {
    const to = runtimeImports(file)
      .map((spec) => resolve(file, spec, files))
      .filter((f): f is string => f !== null);
    edges.set(file, [...new Set(to)]);
  }
  return edges;
}

/**
 * The import cycles among the files under `dirs`: each a list of files (relative to `root`) that
 * import one another in a ring, the smallest first; none when the graph has no cycle.
 */
export const importCycles = (root: string, dirs: string[]): string[][] =>
  cyclesOf(root, importGraph(root, dirs));

/** The cycles of a graph `importGraph` read (files relative to `root`). */
export function cyclesOf(root: string, edges: Map<string, string[]>): string[][] {
  const files = [...edges.keys()];
  // Tarjan's strongly connected components, iteratively (no recursion limit on deep chains).
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  let next = 0;
  for (const start of files) {
    if (index.has(start)) continue;
    const work: { node: string; i: number }[] = [{ node: start, i: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const top = work[work.length - 1];
      const out = edges.get(top.node) ?? [];
      if (top.i < out.length) {
        const to = out[top.i++];
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, i: 0 });
        } else if (onStack.has(to)) {
          low.set(top.node, Math.min(low.get(top.node)!, index.get(to)!));
        }
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
      }
      if (low.get(top.node) === index.get(top.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== top.node);
        const selfLoop = (edges.get(top.node) ?? []).includes(top.node);
        if (component.length > 1 || selfLoop)
          cycles.push(component.map((f) => path.relative(root, f)).sort());
      }
    }
  }
  return cycles.sort((a, b) => a.length - b.length || a[0].localeCompare(b[0]));
}
