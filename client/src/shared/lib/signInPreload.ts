// What the app wants fetched while a sign-in request is on its way (the dashboard layout, a chunk
// of its own: app/layout/loadDashboardLayout.ts). The app registers it at start (app/router.tsx);
// the sign-in page only calls it, so it does not import the app.
let preload: () => Promise<unknown> = () => Promise.resolve();

export function setSignInPreload(load: () => Promise<unknown>): void {
  preload = load;
}

/** Starts the registered preload; never rejects (a failed chunk load is retried on navigation). */
export function preloadAfterSignIn(): Promise<unknown> {
  return preload().catch(() => undefined);
}
