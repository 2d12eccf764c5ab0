// Input rules without class-validator (the client's first page imports them; issue 11, items 4 and 8).

/**
 * Where a value (a parsed query, form or JSON body) holds a NUL character: the first field path,
 * or null. PostgreSQL text cannot store NUL, and no legitimate text needs it.
 */
export function findNul(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'value' : null;
  // Binary data (an uploaded file's buffer) is not text.
  if (depth > 20 || value === null || typeof value !== 'object' || ArrayBuffer.isView(value))
    return null;
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const here = Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return here.split('\u0000').join('');
    const found = findNul(child, here, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * Where sign-in and sign-out may send the browser: a path on this site only. Refused: anything not
 * starting with one `/`, `//` and `/\` (both read as another host), any backslash (plain or
 * percent-encoded), control characters and spaces (browsers drop tabs and newlines, turning
 * `/\t/evil` into `//evil`).
 */
export function isSafeCallbackPath(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 500) return false;
  if (value[0] !== '/' || value[1] === '/' || value[1] === '\\') return false;
  // What remains is `/` plus a non-slash: a path-absolute reference, always on this origin.
  const hasControlOrSpace = [...value].some(
    (ch) => ch.charCodeAt(0) <= 0x20 || (ch.charCodeAt(0) >= 0x7f && ch.charCodeAt(0) <= 0x9f),
  );
  return !hasControlOrSpace && !value.includes('\\') && !/%5c/i.test(value);
}

/**
 * Bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069). In a
 * name they can make the text read differently from what it is (a receipt, a statement, a vendor
 * list), and no typed name needs them: the marks U+200E/U+200F, which only nudge neutral
 * characters, are left alone.
 */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** A name as it is stored: bidi controls removed, then the spaces around it trimmed. */
export function normalizeName(value: string): string {
  return value.replace(BIDI_CONTROLS, '').trim();
}
