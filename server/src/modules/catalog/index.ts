// Catalog: categories, property types, products and their variants, and the product search.
// Other contexts import only from here.
export { CatalogModule } from './catalog.module';
export { ProductsService } from './services/products.service';
export { VariantsService, searchPatterns } from './queries/variants.queries';
export {
  canSeeCost,
  branchScope,
  toVariantResponse,
  VARIANT_COLUMNS,
  LINE_PRODUCT_COLUMNS,
  lineProduct,
} from './services/variant-view';
export { lockAverageCosts, setAverageCosts } from './services/average-cost';
export * from './entities/catalog.entities';
export { variantSearchText } from './services/search-text';
