import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { InventoryModule } from '../inventory';
import { CATALOG_COMMAND_HANDLERS } from './commands';
import { UpdateProductPropertiesHandler } from './commands/update-product-properties/update-product-properties.handler';
import {
  CategoriesController,
  ProductsController,
  VariantsController,
} from './controllers/catalog.controller';
import { DeviceCatalogController } from './controllers/device-catalog.controller';
import { ProductsExcelController } from './controllers/excel.controller';
import { PropertyTypesController } from './property-types.resource';
import { ImportProductsProcessor } from './jobs/import-products.processor';
import { ExcelService } from './services/excel.service';
import { ProductsService } from './services/products.service';
import { DeviceCatalogQueries } from './queries/device-catalog.queries';
import { ReferenceService } from './queries/reference.queries';
import { VariantsService } from './queries/variants.queries';
import { SearchPool } from '../../core/database/search-pool';
import {
  CategoryEntity,
  PropertyTypeEntity,
  ProductEntity,
  VariantEntity,
  VariantBarcodeEntity,
} from './entities/catalog.entities';

@Module({
  imports: [
    TypeOrmModule.forFeature([
      CategoryEntity,
      PropertyTypeEntity,
      ProductEntity,
      VariantEntity,
      VariantBarcodeEntity,
    ]),
    InventoryModule,
  ],
  controllers: [
    CategoriesController,
    PropertyTypesController,
    ProductsExcelController,
    ProductsController,
    VariantsController,
    DeviceCatalogController,
  ],
  providers: [
    ProductsService,
    ReferenceService,
    VariantsService,
    DeviceCatalogQueries,
    SearchPool,
    ExcelService,
    ImportProductsProcessor,
    UpdateProductPropertiesHandler,
    ...CATALOG_COMMAND_HANDLERS,
  ],
  exports: [ProductsService, VariantsService],
})
export class CatalogModule {}
