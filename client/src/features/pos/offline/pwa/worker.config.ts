import type { VitePWAOptions } from 'vite-plugin-pwa';

/**
 * The till's service worker (issue 32 item 1, docs/decisions/0070): made at build time by
 * vite-plugin-pwa (Workbox generateSW) and read by client/vite.config.ts.
 *
 * - It precaches the built app: index.html, every JS and CSS chunk, the fonts and the icon. After
 *   one online visit every page's code is on the device; a navigation answers with the cached
 *   index.html (the SPA's routes), so `/POS` opens with no network, after a browser restart too.
 * - It never touches the API or the live socket: `/api/*` and `/socket.io/*` are neither precached
 *   nor answered by it (no runtime caching at all); the till's offline data is in IndexedDB.
 * - Updates (see ./registerTillWorker.ts): a new build's worker installs in the background and
 *   waits (no skipWaiting); it takes over when every tab of the app has closed, at a navigation
 *   outside the till, or when the till is idle with an empty cart, with one reload then.
 * - Registered only by the till's code (injectRegister false): nothing is added to /login.
 */
export const tillWorker: Partial<VitePWAOptions> = {
  injectRegister: false,
  registerType: 'prompt',
  strategies: 'generateSW',
  filename: 'sw.js',
  manifestFilename: 'manifest.webmanifest',
  includeAssets: ['pos-icon.svg'],
  manifest: {
    name: 'نقطة البيع',
    short_name: 'نقطة البيع',
    description: 'POS SYSTEM',
    lang: 'ar',
    dir: 'rtl',
    start_url: '/POS',
    scope: '/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#1976d2',
    icons: [{ src: '/pos-icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
  },
  workbox: {
    globPatterns: ['index.html', 'assets/**/*.{js,css,woff2}'],
    // The largest chunk is ≈ 750 KB; a margin, not a limit anyone should reach.
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    // Hashed file names are their own revision.
    dontCacheBustURLsMatching: /^assets\//,
    navigateFallback: '/index.html',
    navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/socket\.io(\/|$)/],
    runtimeCaching: [],
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: false,
  },
};
