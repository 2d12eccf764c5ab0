// Import boundaries of the server (issue 12), shared by eslint.config.mjs and the rule test
// (tests/lint). `srcDir` holds core/ and modules/<context>/.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

/**
 * - core never imports modules (what core needs from a module it asks through an abstract provider
 *   the module supplies, e.g. `SettingsReader`, `BearerAuthenticator`);
 * - a context imports another only through its index.ts, or an entity file (TypeORM relations
 *   need the other context's entity class itself);
 * - no import cycles.
 */
export function serverBoundaries(srcDir) {
  const modulesDir = path.join(srcDir, 'modules');
  const contexts = readdirSync(modulesDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  const zones = [
    {
      target: `./${srcDir}/core`,
      from: `./${modulesDir}`,
      message:
        'core never imports a module; invert the dependency (a core interface the module provides).',
    },
    ...contexts.flatMap((ctx) =>
      contexts
        .filter((other) => other !== ctx)
        .map((other) => ({
          target: `./${modulesDir}/${ctx}`,
          from: `./${modulesDir}/${other}`,
          except: [
            './index.ts',
            './entities',
            ...readdirSync(path.join(modulesDir, other))
              .filter((f) => /\.entit(y|ies)\.ts$/.test(f))
              .map((f) => `./${f}`),
          ],
          message: `import the ${other} context through its index.ts`,
        })),
    ),
  ];
  return [
    {
      files: [`${srcDir}/**/*.ts`],
      plugins: { 'import-x': importX },
      settings: {
        'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })],
        'import-x/extensions': ['.ts', '.js'],
        'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      },
      rules: {
        'import-x/no-restricted-paths': ['error', { zones }],
        'import-x/no-cycle': ['error', { ignoreExternal: true }],
      },
    },
  ];
}
