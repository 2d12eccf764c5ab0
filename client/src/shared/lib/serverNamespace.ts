/** The server's message catalogue as an i18next namespace: `{name}` placeholders → `{{name}}`. */
export function serverNamespace(messages: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(messages).map(([k, v]) => [k, v.replace(/\{(\w+)\}/g, '{{$1}}')]),
  );
}
