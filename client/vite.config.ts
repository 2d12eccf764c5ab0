import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { tillWorker } from './src/features/pos/offline/pwa/worker.config';

const api = 'http://127.0.0.1:3000';

/**
 * `<link rel="preload">` for the web-font files the first screen draws with (regular and bold
 * Arabic, regular Latin for the digits), so they arrive with the stylesheet rather than after it
 * (client/src/app/fonts.css: font-display optional takes a font only if it is there in time).
 */
function preloadFonts(names: RegExp): Plugin {
  let base = '/';
  return {
    name: 'pos-preload-fonts',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const files = Object.keys(ctx.bundle ?? {}).filter((file) => names.test(file));
        return files.sort().map((file) => ({
          tag: 'link',
          attrs: {
            rel: 'preload',
            as: 'font',
            type: 'font/woff2',
            href: `${base}${file}`,
            crossorigin: '',
          },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}

type ModuleGraphInfo = { code: string | null; importedIds: readonly string[] } | null;

/** A feature's public API (`features/<name>/index.ts`): mostly re-exports of its modules. */
const isFeatureBarrel = (id: string) => /[\\/]features[\\/][^\\/]+[\\/]index\.tsx?$/.test(id);
const withoutExtension = (id: string) => id.replace(/\.(m?[jt]sx?|json)$/, '');
const IMPORT_FROM = /\bimport\s+(type\s+)?([\w$\s{},*]*?)\s*from\s*['"]([^'"]+)['"]/g;
const EXPORT_FROM =
  /\bexport\s+(type\s+)?(\*(?:\s+as\s+[\w$]+)?|\{[^}]*\})\s*from\s*['"]([^'"]+)['"]/g;
const SIDE_EFFECT_IMPORT = /\bimport\s*['"]([^'"]+)['"]/g;

/** The module a relative specifier of `from` names, among the modules `from` imports. */
function resolveAmong(from: string, spec: string, candidates: readonly string[]): string | null {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec);
  return candidates.find((c) => [base, `${base}/index`].includes(withoutExtension(c))) ?? null;
}

/** Names in an import or export clause (`{ a, b as c, type T }`); null for `*` or a default. */
function clauseNames(clause: string, side: 'local' | 'exported'): string[] | null {
  const braces = /^\{([^}]*)\}$/.exec(clause.trim());
  if (!braces) return null;
  return braces[1]
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith('type '))
    .map((part) => part.split(/\s+as\s+/)[side === 'local' ? 0 : 1] ?? part.split(/\s+as\s+/)[0])
    .map((name) => name.trim());
}

/** What `code` (the module `from`) takes from `target`: its names, or null for all of it. */
function namesTaken(from: string, code: string, target: string, imported: readonly string[]) {
  let names: string[] | null = [];
  const add = (more: string[] | null) => (names = more && names ? [...names, ...more] : null);
  for (const m of code.matchAll(IMPORT_FROM)) {
    if (!m[1] && resolveAmong(from, m[3], imported) === target) add(clauseNames(m[2], 'local'));
  }
  for (const m of code.matchAll(EXPORT_FROM)) {
    if (!m[1] && resolveAmong(from, m[3], imported) === target) add(clauseNames(m[2], 'local'));
  }
  for (const m of code.matchAll(SIDE_EFFECT_IMPORT)) {
    if (resolveAmong(from, m[1], imported) === target) add(null);
  }
  return names;
}

/** The modules a barrel re-exports `names` from, and the ones it imports for its own code. */
function barrelTargets(id: string, code: string, imported: readonly string[], names: Set<string>) {
  const follow = new Set<string>();
  const reExported = new Set<string>();
  for (const m of code.matchAll(EXPORT_FROM)) {
    const target = resolveAmong(id, m[3], imported);
    if (!target) continue;
    reExported.add(target);
    const exported = clauseNames(m[2], 'exported');
    if (!m[1] && (exported === null || exported.some((name) => names.has(name)))) {
      follow.add(target);
    }
  }
  for (const target of imported) if (!reExported.has(target)) follow.add(target);
  return follow;
}

/**
 * The modules `root` needs through static imports. A feature's index re-exports all of the
 * feature's public parts; only the parts a module imports from it are followed (`import { salesApi }
 * from '../sales'` needs the sales API, not the receipts and dialogs the index also re-exports).
 * Only the chunk grouping relies on it: the bundler still links and tree-shakes the real graph.
 */
function staticClosure(root: string, info: (id: string) => ModuleGraphInfo): Set<string> {
  const seen = new Set<string>();
  const taken = new Map<string, Set<string> | 'all'>(); // barrel → the names taken from it
  const stack = [root];
  const take = (barrel: string, names: string[] | null): boolean => {
    const had = taken.get(barrel);
    if (had === 'all') return false;
    if (names === null) {
      taken.set(barrel, 'all');
      return true;
    }
    const set = had ?? new Set<string>();
    const size = set.size;
    for (const name of names) set.add(name);
    taken.set(barrel, set);
    return !had || set.size > size;
  };
  while (stack.length) {
    const id = stack.pop() as string;
    const revisit = seen.has(id);
    seen.add(id);
    const mod = info(id);
    const imported = mod?.importedIds ?? [];
    const code = mod?.code ?? null;
    const names = taken.get(id);
    let targets: Iterable<string>;
    if (isFeatureBarrel(id) && code !== null && names !== undefined && names !== 'all') {
      targets = barrelTargets(id, code, imported, names);
    } else if (revisit) {
      continue;
    } else {
      targets = imported;
    }
    for (const target of targets) {
      if (isFeatureBarrel(target) && code !== null) {
        if (take(target, namesTaken(id, code, target, imported))) stack.push(target);
      } else if (!seen.has(target)) {
        // A barrel reached without its names (from another barrel) counts as taken whole.
        if (isFeatureBarrel(target)) take(target, null);
        stack.push(target);
      }
    }
  }
  return seen;
}

/**
 * The modules the till's first screen imports statically (`/POS`: the dashboard layout and the POS
 * page, through their static imports only), minus what the sign-in page imports. Found once the
 * module graph is built (buildEnd); the chunk groups below read it when the chunks are made.
 * `page`: the POS page's own modules (imported only from within the page); `shared`: the layout's
 * and what the page shares with other modules (hooks, APIs, small libraries), which every
 * dashboard page loads anyway — so the home page does not load the till's code.
 * Without it `/POS` fetched ~35 chunks (each a round trip, six at a time over HTTP/1.1 on a slow
 * phone) and the whole MUI chunk of every lazy page, date pickers included.
 */
function tillFirstScreen(layout: RegExp, page: RegExp, exclude: RegExp) {
  const sets = { page: new Set<string>(), shared: new Set<string>() };
  const plugin: Plugin = {
    name: 'pos-till-first-screen',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const info = (id: string) => this.getModuleInfo(id);
      const closure = (root: RegExp) => {
        const roots = ids.filter((id) => root.test(id));
        if (roots.length !== 1) throw new Error(`tillFirstScreen: no module ${String(root)}`);
        return staticClosure(roots[0], info);
      };
      const excluded = closure(exclude);
      const layoutSet = closure(layout);
      const pageSet = closure(page);
      sets.page.clear();
      sets.shared.clear();
      // A feature's index goes where the bundler puts it: in a group it would drag every part it
      // re-exports into the group (the group takes a module's imports with it).
      for (const id of [...layoutSet, ...pageSet]) if (isFeatureBarrel(id)) excluded.add(id);
      for (const id of layoutSet) if (!excluded.has(id)) sets.shared.add(id);
      for (const id of pageSet) {
        if (excluded.has(id) || sets.shared.has(id)) continue;
        const info = this.getModuleInfo(id);
        const importers = [...(info?.importers ?? []), ...(info?.dynamicImporters ?? [])];
        const own = page.test(id) || importers.every((i) => pageSet.has(i));
        (own ? sets.page : sets.shared).add(id);
      }
    },
  };
  return {
    plugin,
    page: (id: string) => sets.page.has(id),
    shared: (id: string) => sets.shared.has(id),
  };
}

const till = tillFirstScreen(
  /[\\/]app[\\/]layout[\\/]DashboardLayout\.tsx$/,
  /[\\/]features[\\/]pos[\\/]components[\\/]PosPage\.tsx$/,
  /[\\/]features[\\/]auth[\\/]LoginPage\.tsx$/,
);
const isMui = (id: string) => /node_modules[\\/]@mui[\\/]/.test(id);
const NAMED_CHUNKS = new Set([
  'validation',
  'contracts-docs',
  'server-messages',
  'shell',
  'ui-signin',
  'ui-till',
  'layout',
  'till',
  'ui-grid',
  'forms',
  'ui',
]);

export default defineConfig({
  plugins: [
    react(),
    till.plugin,
    preloadFonts(/cairo-(arabic|latin)-(400|700)-normal-[\w-]+\.woff2$/),
    // The till's service worker (issue 32): precaches the built app, registered by the till only.
    VitePWA(tillWorker),
  ],
  resolve: {
    alias: {
      '@pos/contracts': fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)),
    },
  },
  // The contracts' DTO classes use class-validator's legacy (TypeScript "experimental")
  // decorators. Vite 8 transpiles TypeScript with oxc, which needs legacy decorators switched on
  // explicitly; metadata is not needed in the browser (class-transformer types are explicit).
  oxc: { decorator: { legacy: true, emitDecoratorMetadata: false } },
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/socket.io': { target: api, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        // A lazy page's file is its hash alone: the shell lists every chunk a page may load (its
        // preload map), and the pages' names cost the /login first visit ≈ 1 KB there. The groups
        // named below keep their names (tests and the size report look for them).
        chunkFileNames: (chunk) =>
          NAMED_CHUNKS.has(chunk.name) ? 'assets/[name]-[hash].js' : 'assets/[hash].js',
        // Everything the first visit needs (entry + its static imports) in one chunk: one request,
        // and one gzip stream compresses far better than a dozen small shared chunks.
        // The DTO classes and their validation libraries are only needed by form pages: a group of
        // their own keeps them out of the shell even though the contracts' index re-exports them.
        codeSplitting: {
          groups: [
            {
              name: 'validation',
              test: /node_modules[\\/](class-validator|class-transformer|validator|libphonenumber-js|reflect-metadata)[\\/]|libs[\\/]contracts[\\/]src[\\/]dto[\\/]/,
              priority: 20,
              // Not their dependencies: the contracts' permission list etc. stay in the shell.
              includeDependenciesRecursively: false,
            },
            // Pure contracts code only pages and prints use (amounts in words, phone links, the
            // installment math, the sales reports' keys, the ETA receipt helpers and decimal.js):
            // a chunk of its own. A contracts module used by any lazy page otherwise lands in the
            // shell, since the contracts' index is part of the shell.
            {
              name: 'contracts-docs',
              test: /libs[\\/]contracts[\\/]src[\\/](amount-words-(ar|en)|phone|installments|reports|eta[\\/](canonical|receipt|invoice|sale-receipt|device-receipt))\.ts$|node_modules[\\/]decimal\.js[\\/]/,
              priority: 20,
              includeDependenciesRecursively: false,
            },
            // The server's messages and the fields' labels in both languages (the catalogue the
            // form validation reads; the server answers in the user's language, so the shell needs
            // none of it): the shell must import nothing from this chunk, which imports the shell's
            // `LIMITS` back (a cycle there left `LIMITS` undefined while the messages were built,
            // and the app did not start).
            {
              name: 'server-messages',
              test: /libs[\\/]contracts[\\/]src[\\/]i18n[\\/](messages(-ar|-en)?|field-labels-(ar|en))\.ts$/,
              priority: 20,
              includeDependenciesRecursively: false,
            },
            { name: 'shell', tags: ['$initial'], priority: 10 },
            // What the sign-in page needs beyond the shell: a small chunk of its own, so /login
            // does not pull the other pages' components (the /login budget above).
            {
              name: 'ui-signin',
              test: /node_modules[\\/]@mui[\\/](material[\\/](Alert|InputAdornment|InputLabel|FormControl|FormLabel|OutlinedInput|InputBase|internal)|icons-material[\\/](LockOutlined|Visibility|VisibilityOff))[\\/.]/,
              priority: 8,
            },
            // The till's first screen (`/POS` and the dashboard layout; see tillFirstScreen), instead
            // of ~35 small chunks: its MUI parts (`ui-till`), the layout with what the page shares
            // with other pages (`layout`, loaded by every dashboard page) and the page's own code.
            {
              name: 'ui-till',
              test: (id) => isMui(id) && (till.page(id) || till.shared(id)),
              priority: 7,
            },
            {
              name: 'layout',
              test: (id) => !isMui(id) && till.shared(id),
              priority: 7,
              // Only the modules found above: a feature index's other parts stay out.
              includeDependenciesRecursively: false,
            },
            {
              name: 'till',
              // With the till's texts (both languages, ≈ 3 KB): one request less on its way.
              test: (id) =>
                (!isMui(id) && till.page(id)) || /[\\/]features[\\/]pos[\\/]i18n[\\/]/.test(id),
              priority: 7,
              includeDependenciesRecursively: false,
            },
            // MUI X DataGrid (the lists, shared/ui/ListGrid.tsx): only the list pages load it, not
            // every page that takes the rest of MUI below.
            {
              name: 'ui-grid',
              test: /node_modules[\\/]@mui[\\/](x-data-grid|x-virtualizer)[\\/]/,
              priority: 7,
            },
            // The form kit most dialogs load (form dialog, drop-down, DTO form, money dialog, the
            // account page): one chunk rather than one each, and one name less in the shell's list
            // of chunks (the /login budget).
            {
              name: 'forms',
              test: /client[\\/]src[\\/]shared[\\/](ui[\\/](FormDialog|PaymentFormDialog|SelectField|AccountPage|useCrudMutation)|forms[\\/]useDtoForm)\.tsx?$/,
              priority: 5,
              includeDependenciesRecursively: false,
            },
            // The rest of MUI that pages load lazily, as one chunk: a page otherwise pulls ~40 small
            // chunks, one round trip per few of them over HTTP/1.1 on a slow phone.
            { name: 'ui', test: /node_modules[\\/]@mui[\\/]/, priority: 6 },
          ],
        },
      },
      treeshake: {
        // The contracts' DTO classes run decorators at module level, which makes every DTO module
        // look side-effectful and drags class-validator (~90 kB gz) into the initial bundle via
        // the contracts' index. Nothing in a DTO module is needed unless its class is imported,
        // so they are declared side-effect free: pages that use a DTO still get it (lazily).
        moduleSideEffects: [
          { test: /libs[\\/]contracts[\\/]src[\\/]dto[\\/]/, sideEffects: false },
          // The ETA receipt builder and decimal.js (which declares no `sideEffects` but has none):
          // the server's; the shell leaves them out.
          {
            test: /libs[\\/]contracts[\\/]src[\\/]eta[\\/]|node_modules[\\/]decimal\.js[\\/]/,
            sideEffects: false,
          },
          // A feature's index only re-exports (and declares lazy components): a page that takes one
          // part of it does not need the others.
          { test: /client[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.tsx?$/, sideEffects: false },
          // The server messages' catalogue modules only declare data.
          { test: /libs[\\/]contracts[\\/]src[\\/]i18n[\\/]/, sideEffects: false },
        ],
      },
    },
  },
});
