// Import boundaries of the server (issue 12), shared by eslint.config.mjs and the rule test
// (tests/lint). `srcDir` holds core/, modules/<context>/ and the code outside the modules that
// builds on them: seed/ (first start and demo data), cli/ (the scripts) and eta-sim/ (the local
// ETA simulator).
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

/**
 * - core never imports modules (what core needs from a module it asks through an abstract provider
 *   the module supplies, e.g. `SettingsReader`, `BearerAuthenticator`);
 * - a context imports another only through its index.ts, or an entity file (TypeORM relations
 *   need the other context's entity class itself);
 * - seed/, cli/ and eta-sim/ import a context only through its index.ts (issue 31), like any
 *   caller outside it;
 * Import cycles are checked apart, once for the whole graph (tests/lint/import-cycles.spec.ts).
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
    ...['seed', 'cli', 'eta-sim'].flatMap((area) =>
      contexts.map((ctx) => ({
        target: `./${srcDir}/${area}`,
        from: `./${modulesDir}/${ctx}`,
        except: ['./index.ts'],
        message: `${area}/ imports the ${ctx} context through its index.ts`,
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
      },
    },
  ];
}

/**
 * Import boundaries of the client (issue 12). `srcDir` holds app/, shared/ and features/<name>/.
 * - shared never imports app or features (it is what they build on);
 * - a feature never imports the app (move the piece to shared, or let the app pass it in);
 * - a feature imports another only through its index.ts (its public API);
 * - the app imports a feature only through its index.ts, or the page registry features/index.ts;
 * - the page registry features/index.ts imports each feature's pages.ts (the lazily loaded pages:
 *   a feature's index.ts re-exports code statically, and anything the shell's registry reached
 *   statically would land in the first-load chunk), nothing deeper;
 * Import cycles are checked apart, once for the whole graph (tests/lint/import-cycles.spec.ts).
 */
export function clientBoundaries(srcDir) {
  const featuresDir = path.join(srcDir, 'features');
  const features = readdirSync(featuresDir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  const throughIndex = (target, message) =>
    features.map((feature) => ({
      target,
      from: `./${featuresDir}/${feature}`,
      except: ['./index.ts'],
      message: message(feature),
    }));
  const zones = [
    {
      target: `./${srcDir}/shared`,
      from: [`./${srcDir}/app`, `./${featuresDir}`],
      message: 'shared never imports app/ or features/: move the piece to shared, or pass it in.',
    },
    {
      target: `./${featuresDir}`,
      from: `./${srcDir}/app`,
      message: 'a feature never imports app/: move the piece to shared, or let the app pass it in.',
    },
    ...features.flatMap((feature) =>
      throughIndex(
        `./${featuresDir}/${feature}`,
        (other) => `import the ${other} feature through its index.ts`,
      ).filter((zone) => zone.from !== `./${featuresDir}/${feature}`),
    ),
    ...throughIndex(
      `./${srcDir}/app`,
      (feature) => `the app imports the ${feature} feature through its index.ts`,
    ),
    ...features.map((feature) => ({
      target: `./${featuresDir}/index.ts`,
      from: `./${featuresDir}/${feature}`,
      except: ['./index.ts', './pages.ts'],
      message: `the page registry imports the ${feature} feature's pages.ts`,
    })),
  ];
  return [
    {
      files: [`${srcDir}/**/*.{ts,tsx}`],
      plugins: { 'import-x': importX },
      settings: {
        'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
        'import-x/extensions': ['.ts', '.tsx', '.js'],
        'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      },
      rules: {
        'import-x/no-restricted-paths': ['error', { zones }],
      },
    },
  ];
}
