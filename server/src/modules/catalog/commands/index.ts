import { AddVariantHandler } from './add-variant/add-variant.handler';
import { CreateCategoryHandler } from './create-category/create-category.handler';
import { CreateProductHandler } from './create-product/create-product.handler';
import { DeleteCategoryHandler } from './delete-category/delete-category.handler';
import { DeleteProductHandler } from './delete-product/delete-product.handler';
import { DeleteVariantHandler } from './delete-variant/delete-variant.handler';
import { ImportProductsHandler } from './import-products/import-products.handler';
import { UpdateCategoryHandler } from './update-category/update-category.handler';
import { UpdateProductHandler } from './update-product/update-product.handler';
import { UpdateVariantHandler } from './update-variant/update-variant.handler';

/** The catalog's command handlers (registered in CatalogModule's providers). */
export const CATALOG_COMMAND_HANDLERS = [
  CreateProductHandler,
  UpdateProductHandler,
  DeleteProductHandler,
  AddVariantHandler,
  UpdateVariantHandler,
  DeleteVariantHandler,
  CreateCategoryHandler,
  UpdateCategoryHandler,
  DeleteCategoryHandler,
  ImportProductsHandler,
];
