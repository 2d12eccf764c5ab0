import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

const isMui = (id: string) => /node_modules[\\/]@mui[\\/]/.test(id);

/**
 * The modules each first screen imports statically (its page and the dashboard layout), known once
 * the module graph is built (buildEnd), read by the chunk groups' tests when chunks are made.
 * `home`: the layout and the home page; `pos`: what /POS needs beyond `home`.
 */
function firstScreenModules(roots: Record<string, RegExp[]>) {
  const sets = new Map<string, Set<string>>();
  const plugin: Plugin = {
    name: 'pos-first-screen-modules',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const claimed = new Set<string>();
      for (const [name, patterns] of Object.entries(roots)) {
        const seen = new Set<string>();
        const stack = ids.filter((id) => patterns.some((p) => p.test(id)));
        if (stack.length !== patterns.length)
          throw new Error(`firstScreenModules: ${name}: a page is missing`);
        while (stack.length) {
          const id = stack.pop() as string;
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        // Each module in the first set that has it (home before pos).
        sets.set(name, new Set([...seen].filter((id) => !claimed.has(id))));
        for (const id of seen) claimed.add(id);
      }
    },
  };
  return { plugin, has: (name: string, id: string) => sets.get(name)?.has(id) ?? false };
}

const firstScreens = firstScreenModules({
  home: [/[\\/]DashboardLayout\.tsx$/, /[\\/]HomePage\.tsx$/],
  pos: [/[\\/]PosPage\.tsx$/],
});

/** What the first screen of one address needs, found in the bundle by the modules' paths. */
type FirstScreen = {
  /** The page module (its chunk and every chunk it imports statically). */
  page: RegExp;
  /** Also the dashboard layout (every address but /login). */
  layout?: boolean;
  /** The page's lazily loaded i18next namespace (features/<ns>/i18n/<lang>.json). */
  namespace?: string;
  /** API GETs the page starts with (the exact addresses it requests, see shared/api/http.ts). */
  get?: string[];
};

/** GETs the app makes as soon as the session says signed in (app/session/SessionEffects.tsx). */
const LAYOUT_GETS = ['/api/Features', '/api/StoreInfo', '/api/StoreSettings'];

/** The data boot.js carries: per address, the files to preload (per language) and the GETs. */
type BootPlan = Record<string, { files: string[]; lang: Record<string, string[]>; get: string[] }>;

/**
 * Runs in the page, before the bundle (boot.js, from bootPreload): for the address opened, it
 * starts the session and configuration requests, the page's first API GETs (kept in
 * `window.__posBoot`, taken once by shared/api/http.ts) and `<link rel=modulepreload>` for the
 * page's chunks, the dashboard layout's and the page's texts in the cookie's language. Without
 * it all of these waited for the main bundle to download and run (a 4× slower phone: seconds).
 * Self-contained (serialised into boot.js); any failure leaves the app to load as it would.
 */
function boot(plan: BootPlan) {
  try {
    const path = location.pathname.replace(/(.)\/+$/, '$1');
    const found = /(?:^|;\s*)locale=([^;]*)/.exec(document.cookie);
    const lang = found && decodeURIComponent(found[1]) === 'en' ? 'en' : 'ar';
    const gets: Record<string, Promise<Response>> = {};
    const get = (url: string) => {
      gets[url] = fetch(url, {
        credentials: 'same-origin',
        headers: { Accept: 'application/json' },
      });
      gets[url].catch(() => undefined);
    };
    // What every address asks first (app/session/SessionEffects.tsx): the session, the config.
    get(`/api/auth/session?${new URLSearchParams({ callbackUrl: location.href }).toString()}`);
    get('/api/config');
    (window as unknown as { __posBoot: unknown }).__posBoot = { gets };
    const entry = Object.prototype.hasOwnProperty.call(plan, path) ? plan[path] : null;
    if (!entry) return;
    entry.get.forEach(get);
    entry.files.concat(entry.lang[lang] ?? []).forEach((href) => {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.appendChild(link);
    });
  } catch {
    // the app loads everything itself
  }
}

/**
 * Emits `boot.js` (hashed, immutable) and loads it first in index.html's head: see `boot` above.
 * A classic script file rather than an inline one: the server's CSP allows only 'self' scripts.
 */
function bootPreload(screens: Record<string, FirstScreen>): Plugin {
  let base = '/';
  return {
    name: 'pos-boot-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter((c) => c.type === 'chunk');
        const byFile = new Map(chunks.map((c) => [c.fileName, c]));
        // What the entry loads anyway is not preloaded again.
        const initial = new Set<string>();
        const closure = (file: string, into: Set<string>) => {
          if (into.has(file) || initial.has(file)) return;
          into.add(file);
          for (const dep of byFile.get(file)?.imports ?? []) closure(dep, into);
        };
        for (const c of chunks) if (c.isEntry) closure(c.fileName, initial);
        const chunkOf = (module: RegExp, what: string) => {
          const found = chunks.find((c) => !!c.facadeModuleId && module.test(c.facadeModuleId));
          if (!found) throw new Error(`bootPreload: no chunk for ${what} (${String(module)})`);
          return found.fileName;
        };
        const filesOf = (module: RegExp, what: string) => {
          const files = new Set<string>();
          closure(chunkOf(module, what), files);
          return [...files].map((f) => `${base}${f}`);
        };
        const layout = filesOf(/[\\/]DashboardLayout\.tsx$/, 'the dashboard layout');
        const plan: BootPlan = {};
        for (const [path, screen] of Object.entries(screens)) {
          const ns = screen.namespace;
          plan[path] = {
            files: [...new Set([...(screen.layout ? layout : []), ...filesOf(screen.page, path)])],
            lang: ns
              ? Object.fromEntries(
                  ['ar', 'en'].map((lang) => [
                    lang,
                    filesOf(
                      new RegExp(`[\\\\/]${ns}[\\\\/]i18n[\\\\/]${lang}\\.json$`),
                      `${path} ${lang}`,
                    ),
                  ]),
                )
              : {},
            // The layout's screens are for a signed-in user: what the app loads once the session
            // says so (app/session/SessionEffects.tsx), then the page's own first GETs.
            get: [...(screen.layout ? LAYOUT_GETS : []), ...(screen.get ?? [])],
          };
        }
        // Vite calls this hook with the build's plugin context (its generateBundle), which can emit.
        const build = this as unknown as {
          emitFile: (file: { type: 'asset'; name: string; source: string }) => string;
          getFileName: (ref: string) => string;
        };
        const fileName = build.getFileName(
          build.emitFile({
            type: 'asset',
            name: 'boot.js',
            source: `(${boot.toString()})(${JSON.stringify(plan)});\n`,
          }),
        );
        // Deferred, so it blocks neither the parser nor the first paint, and first in the head, so
        // it runs before the main bundle (deferred and module scripts run in document order).
        return [
          {
            tag: 'script',
            attrs: { src: `${base}${fileName}`, defer: true },
            injectTo: 'head-prepend' as const,
          },
        ];
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    firstScreens.plugin,
    preloadFonts(/cairo-(arabic-(400|700)|latin-400)-normal-[\w-]+\.woff2$/),
    // The addresses a shop opens the app on; others load as before (after the main bundle).
    bootPreload({
      '/login': { page: /[\\/]LoginPage\.tsx$/ },
      '/': { page: /[\\/]HomePage\.tsx$/, layout: true, get: ['/api/Dashboard'] },
      '/POS': {
        page: /[\\/]PosPage\.tsx$/,
        layout: true,
        namespace: 'pos',
        get: ['/api/Shift/current'],
      },
    }),
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
            { name: 'shell', tags: ['$initial'], priority: 10 },
            // What the sign-in page needs beyond the shell: a small chunk of its own, so /login
            // does not pull the other pages' components (the /login budget above).
            {
              name: 'ui-signin',
              test: /node_modules[\\/]@mui[\\/](material[\\/](Alert|InputAdornment|InputLabel|FormControl|FormLabel|OutlinedInput|InputBase|internal)|icons-material[\\/](LockOutlined|Visibility|VisibilityOff))[\\/.]/,
              priority: 8,
            },
            // The MUI the first screens need (firstScreens.ts): the dashboard layout and home page,
            // then what /POS adds. Loading all MUI with the till cost a phone the evaluation of
            // ~460 kB of components it did not draw (issue 20, mobile Lighthouse).
            {
              name: 'ui-home',
              test: (id) => isMui(id) && firstScreens.has('home', id),
              priority: 7,
            },
            { name: 'ui-pos', test: (id) => isMui(id) && firstScreens.has('pos', id), priority: 7 },
            // The rest of MUI that pages load lazily, as one chunk: a page like /POS otherwise pulls
            // ~40 small chunks, one round trip per few of them over HTTP/1.1 on a slow phone.
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
        ],
      },
    },
  },
});
