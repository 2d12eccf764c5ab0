import { execFileSync } from 'node:child_process';
import path from 'node:path';

// The import-boundary rules fail the lint on each kind of violation (issue 12), and pass the
// allowed forms: core → modules, a deep import into another context (from a context, seed/ or
// cli/). (Import cycles: tests/lint/import-cycles.spec.ts.)
type Result = { filePath: string; messages: { ruleId: string | null; message: string }[] };

function lintFixtures(): Result[] {
  const root = path.join(__dirname, '..', '..');
  try {
    execFileSync(
      path.join(root, 'node_modules', '.bin', 'eslint'),
      ['-c', 'tests/lint/eslint.fixture.config.mjs', '--format', 'json', 'tests/lint/fixtures/src'],
      { cwd: root, encoding: 'utf8' },
    );
    return [];
  } catch (error) {
    // ESLint exits 1 when it finds errors; its JSON report is on stdout.
    return JSON.parse((error as { stdout: string }).stdout) as Result[];
  }
}

describe('server import boundaries (ESLint)', () => {
  const results = lintFixtures();
  const rulesOf = (file: string) =>
    results
      .find((r) => r.filePath.endsWith(path.join('fixtures', 'src', file)))
      ?.messages.map((m) => m.ruleId) ?? [];

  it('fails core importing a module', () => {
    expect(rulesOf('core/bad.ts')).toContain('import-x/no-restricted-paths');
  });

  it('fails a deep import into another context, and allows its index.ts and its entity files', () => {
    expect(rulesOf('modules/b/deep.ts')).toContain('import-x/no-restricted-paths');
    expect(rulesOf('modules/b/ok.ts')).toEqual([]);
  });

  it('fails seed/ and cli/ importing a context past its index.ts, and allows its index.ts', () => {
    expect(rulesOf('seed/deep.ts')).toContain('import-x/no-restricted-paths');
    expect(rulesOf('cli/deep.ts')).toContain('import-x/no-restricted-paths');
    expect(rulesOf('seed/ok.ts')).toEqual([]);
    expect(rulesOf('cli/ok.ts')).toEqual([]);
  });
});
