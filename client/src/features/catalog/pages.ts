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
