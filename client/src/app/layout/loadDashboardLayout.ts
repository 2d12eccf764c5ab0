// The dashboard layout (app bar, drawer, sidebar, user menu) is not needed by /login, so it is a
// chunk of its own: the first visit to /login stays within the initial-JS budget
// (client/scripts/report-size.mjs). Loaded once; later calls share the same promise.
let pending: Promise<typeof import('./DashboardLayout')> | null = null;
let loaded: typeof import('./DashboardLayout') | null = null;

export function loadDashboardLayout(): Promise<typeof import('./DashboardLayout')> {
  pending ??= import('./DashboardLayout').then(
    (module) => (loaded = module),
    (error: unknown) => {
      pending = null; // a failed fetch (network blip) may be retried
      throw error;
    },
  );
  return pending;
}

/** The dashboard layout module once it has arrived, else null (app/router.tsx). */
export function loadedDashboardLayout(): typeof import('./DashboardLayout') | null {
  return loaded;
}
