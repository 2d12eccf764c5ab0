/** An ETA POS serial as the portal registers it (letters, digits, dot, dash, underscore). */
export const ETA_POS_SERIAL_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/;
