import path from 'node:path';
import { cyclesOf, importCycles, importGraph } from './import-cycles';

// No import cycles in the server, the contracts or the client (issue 12; docs/decisions/0106):
// the check itself on the fixtures first, then the project.

const root = path.join(__dirname, '..', '..');

describe('import cycles: fixtures', () => {
  it('finds the server fixture’s cycle and nothing else there', () => {
    expect(importCycles(root, ['tests/lint/fixtures/src'])).toEqual([
      [
        'tests/lint/fixtures/src/modules/a/cycle-x.ts',
        'tests/lint/fixtures/src/modules/a/cycle-y.ts',
      ],
    ]);
  });

  it('finds the client fixture’s cycle and nothing else there', () => {
    expect(importCycles(root, ['tests/lint/fixtures/client'])).toEqual([
      [
        'tests/lint/fixtures/client/features/a/cycle-x.tsx',
        'tests/lint/fixtures/client/features/a/cycle-y.tsx',
      ],
    ]);
  });

  it('counts what runs: a lazy import closes a cycle, an import of types only does not', () => {
    expect(importCycles(root, ['tests/lint/fixtures/cycles'])).toEqual([
      ['tests/lint/fixtures/cycles/lazy-x.ts', 'tests/lint/fixtures/cycles/lazy-y.ts'],
      [
        'tests/lint/fixtures/cycles/ring-a.ts',
        'tests/lint/fixtures/cycles/ring-b/index.ts',
        'tests/lint/fixtures/cycles/ring-c.tsx',
      ],
    ]);
  });
});

describe('import cycles: the project', () => {
  const graph = importGraph(root, ['server/src', 'libs/contracts/src', 'client/src']);

  it('reads its relative imports (the graph is not empty by a resolving mistake)', () => {
    const edges = [...graph.values()].reduce((n, to) => n + to.length, 0);
    expect(graph.size).toBeGreaterThan(1_000);
    expect(edges).toBeGreaterThan(2 * graph.size);
  });

  it('has none in server/src, libs/contracts/src and client/src', () => {
    expect(cyclesOf(root, graph)).toEqual([]);
  });
});
