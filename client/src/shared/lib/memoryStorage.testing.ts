/**
 * For unit specs only: a Storage kept in memory (the unit project runs in Node, with no
 * localStorage); `data` is what it holds, to read or seed in a test.
 */
export function memoryStorage() {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, String(value)),
    removeItem: (key: string) => void data.delete(key),
  };
}
