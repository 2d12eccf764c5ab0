// Small constants of the till's own e-receipts (issue 32 item 6) with no imports: the shell's
// bundle may use them without the receipt builder (eta/device-receipt.ts, decimal.js).

/** An ETA POS serial as the portal registers it (letters, digits, dot, dash, underscore). */
export const ETA_POS_SERIAL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;

/**
 * ETA's window to submit a receipt after it was issued. UNVERIFIED (FACTS §4.2: claimed by third-party
 * code, "late submission request" after it): a constant, so it is changed in one place.
 */
export const ETA_RECEIPT_SUBMIT_WINDOW_HOURS = 24;
/** The till warns when its oldest unsent receipt is this old (hours). */
export const ETA_RECEIPT_WARN_AFTER_HOURS = 20;
