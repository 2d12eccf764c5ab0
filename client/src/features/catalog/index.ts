// Catalog: categories (tree), property types, products and their variants (size × colour grid),
// low stock, Excel import/export and barcode labels. Owns /Products, /Products/{id},
// /Products/LowStock, /Categories and /PropertyTypes, and the VariantPicker every product lookup uses.
import { lazy } from 'react';

export const pages = {
  Products: lazy(() => import('./components/ProductsPage')),
  'Products-id': lazy(() => import('./components/ProductPage')),
  LowStock: lazy(() => import('./components/LowStockPage')),
  Categories: lazy(() => import('./components/CategoriesPage')),
  PropertyTypes: lazy(() => import('./components/PropertyTypesPage')),
};

// For other features (POS, transfers, purchases). Lazy, because this index is imported by the
// shell's page registry: a static re-export would put the picker (and bwip-js) in the first load.
// Render them inside <Suspense> (every page already is), or import the component module directly
// from a lazily loaded page: `features/catalog/components/VariantPicker`.
export const VariantPicker = lazy(() =>
  import('./components/VariantPicker').then((m) => ({ default: m.VariantPicker })),
);
export const LabelsDialog = lazy(() =>
  import('./components/LabelsDialog').then((m) => ({ default: m.LabelsDialog })),
);
export type { ExternalInput, VariantPickerProps } from './components/VariantPicker';
export type { LabelItem } from './components/LabelSheet';
