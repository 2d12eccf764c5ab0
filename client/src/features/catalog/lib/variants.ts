// The size × colour grid: every combination of the chosen values of the chosen property types.

export type PropertyChoice = { name: string; values: string[] };

/** Cartesian product in the order the types were chosen: [{المقاس:'S', اللون:'أحمر'}, ...]. */
export function cartesian(choices: PropertyChoice[]): Record<string, string>[] {
  const active = choices.filter((c) => c.values.length > 0);
  if (active.length === 0 || active.length !== choices.length)
    return choices.length === 0 ? [{}] : [];
  let rows: Record<string, string>[] = [{}];
  for (const choice of active) {
    const next: Record<string, string>[] = [];
    for (const row of rows)
      for (const value of choice.values) next.push({ ...row, [choice.name]: value });
    rows = next;
  }
  return rows;
}

/** A stable key of one combination (the same values give the same key whatever the order). */
export function comboKey(properties: Record<string, string>): string {
  return JSON.stringify(
    Object.entries(properties).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
}

/** 'L / أحمر' for lists and labels; `order` (property type names) puts the values in the product's order. */
export function propertiesText(
  properties: Record<string, string> | null | undefined,
  order: string[] = [],
): string {
  return Object.values(orderedProperties(properties ?? {}, order)).join(' / ');
}

/** The same properties with the keys in `order` first (JSONB does not keep the chosen order). */
export function orderedProperties(
  properties: Record<string, string>,
  order: string[],
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of order) if (name in properties) out[name] = properties[name];
  for (const [name, value] of Object.entries(properties)) if (!(name in out)) out[name] = value;
  return out;
}

/** True when the code is 13 digits whose last digit is the EAN-13 check digit of the first 12. */
export function isValidEan13(code: string): boolean {
  if (!/^\d{13}$/.test(code)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(code[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10 === Number(code[12]);
}

export type Symbology = 'ean13' | 'code128';
export function symbologyFor(code: string): Symbology {
  return isValidEan13(code) ? 'ean13' : 'code128';
}
