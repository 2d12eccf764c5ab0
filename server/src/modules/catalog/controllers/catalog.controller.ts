import { Controller, Delete, Get, HttpStatus, Patch, Post, Query, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  CategoryCreateDto,
  CategoryUpdateDto,
  ListQueryDto,
  ProductCreateDto,
  ProductListQueryDto,
  ProductPropertiesUpdateDto,
  ProductUpdateDto,
  StockMovementQueryDto,
  VariantInputDto,
  VariantListQueryDto,
  VariantSearchQueryDto,
  VariantUpdateDto,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { Authenticated, CurrentUser, RequirePermissions } from '../../../core/auth/decorators';
import { DocumentController, DocumentRoutes, IdParam } from '../../../core/http/document-routes';
import { sendList } from '../../../core/http/list';
import { AddVariantCommand } from '../commands/add-variant/add-variant.command';
import { CreateCategoryCommand } from '../commands/create-category/create-category.command';
import { CreateProductCommand } from '../commands/create-product/create-product.command';
import { DeleteCategoryCommand } from '../commands/delete-category/delete-category.command';
import { DeleteProductCommand } from '../commands/delete-product/delete-product.command';
import { DeleteVariantCommand } from '../commands/delete-variant/delete-variant.command';
import { UpdateCategoryCommand } from '../commands/update-category/update-category.command';
import { UpdateProductCommand } from '../commands/update-product/update-product.command';
import { UpdateVariantCommand } from '../commands/update-variant/update-variant.command';
import { UpdateProductPropertiesCommand } from '../commands/update-product-properties/update-product-properties.command';
import { ProductsService } from '../services/products.service';
import { ReferenceService } from '../queries/reference.queries';
import { VariantsService } from '../queries/variants.queries';

const See = () => RequirePermissions(['can_see_products']);
const Manage = () => RequirePermissions(['can_manage_products']);

@ApiTags('catalog')
@Controller('Categories')
@DocumentRoutes({
  access: Manage(),
  commands: {
    create: {
      route: Post(),
      command: CreateCategoryCommand,
      body: CategoryCreateDto,
      noUser: true,
      answer: (ref: ReferenceService, id: string) => ref.category(id),
    },
    update: {
      route: Patch(':id'),
      command: UpdateCategoryCommand,
      id: true,
      body: CategoryUpdateDto,
      noUser: true,
      answer: (ref: ReferenceService, _: unknown, __: AuthUser, id: string) => ref.category(id),
    },
    remove: {
      route: Delete(':id'),
      command: DeleteCategoryCommand,
      id: true,
      noUser: true,
      status: HttpStatus.NO_CONTENT,
    },
  },
})
export class CategoriesController extends DocumentController(ReferenceService) {
  @RequirePermissions(['can_see_categories'])
  @Get()
  list(@Query() query: ListQueryDto) {
    return this.queries.categories(query);
  }
}

/** The product's routes answer what the command answers (the product, the variant, …). */
@ApiTags('catalog')
@Controller('Products')
@DocumentRoutes({
  access: See(),
  list: ProductListQueryDto,
  get: true,
  commands: {
    create: {
      route: Post(),
      command: CreateProductCommand,
      body: ProductCreateDto,
      access: Manage(),
    },
    /** Spec §7: PATCH /api/Products/variants/{id} */
    updateVariant: {
      route: Patch('variants/:id'),
      command: UpdateVariantCommand,
      id: true,
      body: VariantUpdateDto,
      access: Manage(),
    },
    /** Spec §7: DELETE /api/Products/variants/{id} */
    removeVariant: {
      route: Delete('variants/:id'),
      command: DeleteVariantCommand,
      id: true,
      noUser: true,
      access: Manage(),
      status: HttpStatus.NO_CONTENT,
    },
    update: {
      route: Patch(':id'),
      command: UpdateProductCommand,
      id: true,
      body: ProductUpdateDto,
      access: Manage(),
    },
    remove: {
      route: Delete(':id'),
      command: DeleteProductCommand,
      id: true,
      noUser: true,
      access: Manage(),
      status: HttpStatus.NO_CONTENT,
    },
    addVariant: {
      route: Post(':id/variants'),
      command: AddVariantCommand,
      id: true,
      body: VariantInputDto,
      access: Manage(),
    },
    /** Add values or property types to an existing product (missing combinations become variants), or take them away. */
    updateProperties: {
      route: Post(':id/properties'),
      command: UpdateProductPropertiesCommand,
      id: true,
      body: ProductPropertiesUpdateDto,
      access: Manage(),
      status: HttpStatus.OK,
    },
  },
})
export class ProductsController extends DocumentController(ProductsService) {}

@ApiTags('catalog')
@Controller('variants')
/** Spec §7: GET /api/variants */
@DocumentRoutes({ access: See(), list: VariantListQueryDto })
export class VariantsController {
  constructor(readonly queries: VariantsService) {}

  /** The one product search: the POS and every picker. */
  @Authenticated({ apiKey: ['can_see_products'] })
  @Get('search')
  search(@Query() query: VariantSearchQueryDto, @CurrentUser() user: AuthUser) {
    return this.queries.search(query, user);
  }

  /** Spec §7: GET /api/variants/getNearStockEnd */
  @RequirePermissions(['can_see_near_end_products'])
  @Get('getNearStockEnd')
  nearStockEnd(@CurrentUser() user: AuthUser) {
    return this.queries.nearStockEnd(user);
  }

  @RequirePermissions(['can_see_inventories'])
  @Get(':id/movements')
  async movements(
    @IdParam() id: string,
    @Query() query: StockMovementQueryDto,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { rows, total } = await this.queries.movements(id, query.inventoryId, query, user);
    return sendList(res, rows, total);
  }
}
