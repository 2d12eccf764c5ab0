// Brand colours. Confirm buttons are dark teal; deny buttons take the accent colour (spec §9).
// The app's theme (app/theme.ts) is built from them; shared pieces use them directly.
export const BRAND = {
  primary: '#0f766e',
  confirm: '#0b4f4a',
  accent: '#c2410c',
} as const;
