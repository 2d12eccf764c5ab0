import { execFileSync } from 'node:child_process';
import path from 'node:path';

// The client's import-boundary rules (issue 12) fail the lint on each kind of violation and pass
// the allowed forms: shared → app or features, a feature → the app, a deep import into another
// feature (static or lazy), the app → a feature's module. (Import cycles: import-cycles.spec.ts.)
type Result = { filePath: string; messages: { ruleId: string | null; message: string }[] };

function lintFixtures(): Result[] {
  const root = path.join(__dirname, '..', '..');
  try {
    execFileSync(
      path.join(root, 'node_modules', '.bin', 'eslint'),
      [
        '--no-config-lookup',
        '-c',
        'tests/lint/eslint.client-fixture.config.mjs',
        '--format',
        'json',
        'tests/lint/fixtures/client',
      ],
      { cwd: root, encoding: 'utf8' },
    );
    return [];
  } catch (error) {
    // ESLint exits 1 when it finds errors; its JSON report is on stdout.
    return JSON.parse((error as { stdout: string }).stdout) as Result[];
  }
}

describe('client import boundaries (ESLint)', () => {
  const results = lintFixtures();
  const rulesOf = (file: string) => {
    const result = results.find((r) => r.filePath.endsWith(path.join('fixtures', 'client', file)));
    if (!result) throw new Error(`${file} was not linted`);
    return result.messages.map((m) => m.ruleId);
  };

  it('lints every fixture', () => {
    expect(results).toHaveLength(18);
  });

  it('fails shared importing the app or a feature', () => {
    expect(rulesOf('shared/bad-app.ts')).toEqual(['import-x/no-restricted-paths']);
    expect(rulesOf('shared/bad-feature.ts')).toEqual(['import-x/no-restricted-paths']);
    expect(rulesOf('shared/ok.ts')).toEqual([]);
  });

  it('fails a feature importing the app', () => {
    expect(rulesOf('features/b/bad-app.ts')).toEqual(['import-x/no-restricted-paths']);
  });

  it('fails a deep import into another feature, static or lazy, and allows its index.ts', () => {
    expect(rulesOf('features/b/deep.ts')).toEqual(['import-x/no-restricted-paths']);
    expect(rulesOf('features/b/deep-lazy.ts')).toEqual(['import-x/no-restricted-paths']);
    expect(rulesOf('features/b/ok.ts')).toEqual([]);
  });

  it("fails the app importing a feature's module, and allows its index.ts and the page registry", () => {
    expect(rulesOf('app/deep.ts')).toEqual(['import-x/no-restricted-paths']);
    expect(rulesOf('app/ok.ts')).toEqual([]);
    expect(rulesOf('app/router.ts')).toEqual([]);
    expect(rulesOf('features/index.ts')).toEqual([]);
  });
});
