// Maintenance constants the shell needs (kept out of the DTO module: the shell must not pull the
// DTO classes and class-validator into the first screen's bundle; client/vite.config.ts).

/** A repair ticket's number: B01-MN-000042 (a scan of it opens the ticket). */
export const MAINTENANCE_NUMBER_PATTERN = /^[A-Z0-9]{1,10}-MN-\d{6,}$/;
