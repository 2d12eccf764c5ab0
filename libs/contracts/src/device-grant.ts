// The offline user switch's grant (issue 32 item 7, docs/decisions/0078): constants the till's
// outbox sends with every sale, kept out of dto/ so the till's first screen loads no validation code
// for them (client/vite.config.ts puts everything of dto/ in the `validation` chunk).

/**
 * A cashier's grant for one till, issued online (POST /PosDevices/:id/grant). The till keeps the
 * token with that cashier's cached profile and sends each sale the cashier rang in this header, so
 * the server books it to them.
 */
export const DEVICE_GRANT_HEADER = 'X-Pos-Device-Grant';
/**
 * A grant lives this long: 72 h of offline use after it is issued, then the server's 7-day window
 * for an offline sale, and a day's margin.
 */
export const DEVICE_GRANT_TTL_MS = 11 * 24 * 60 * 60 * 1000;
