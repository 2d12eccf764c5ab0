// The catalog's public API for other features (POS, inventory, sales, stock-taking, transfers).
// Its pages are registered in ./pages.ts; this file is never imported by the shell, so its
// re-exports land in the chunks of the pages that use them.
import { lazy } from 'react';

export {
  catalogApi,
  catalogKeys,
  useCategories,
  useInventoryOptions,
  type InventoryOption,
} from './api/catalog.api';
export { propertiesText } from './lib/variants';
export { CategoryFilter } from './components/CategoryFilter';
export { VariantPicker } from './components/VariantPicker';
export type { ExternalInput, VariantPickerProps } from './components/VariantPicker';

// Lazy: the label sheet draws barcodes with bwip-js, which only printing labels needs.
export const LabelsDialog = lazy(() =>
  import('./components/LabelsDialog').then((m) => ({ default: m.LabelsDialog })),
);
export type { LabelItem } from './components/LabelSheet';
