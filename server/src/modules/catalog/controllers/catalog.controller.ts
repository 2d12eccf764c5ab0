import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  CategoryCreateDto,
  CategoryUpdateDto,
  ListQueryDto,
  ProductCreateDto,
  ProductListQueryDto,
  ProductPropertiesUpdateDto,
  type ProductPropertiesResultDto,
  ProductUpdateDto,
  StockMovementQueryDto,
  VariantInputDto,
  VariantListQueryDto,
  VariantSearchQueryDto,
  VariantUpdateDto,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { Authenticated, CurrentUser, Meta, RequirePermissions, type RequestMeta } from '../../../core/auth/decorators';
import { sendList } from '../../../core/http/list';
import { UuidPipe } from '../../../core/http/uuid.pipe';
import { UpdateProductPropertiesCommand } from '../commands/update-product-properties/update-product-properties.command';
import { ProductsService } from '../services/products.service';
import { ReferenceService } from '../services/reference.service';
import { VariantsService } from '../services/variants.service';

@ApiTags('catalog')
@Controller('Categories')
export class CategoriesController {
  constructor(private readonly ref: ReferenceService) {}

  @RequirePermissions(['can_see_categories'])
  @Get()
  list(@Query() query: ListQueryDto) {
    return this.ref.categories(query);
  }

  @RequirePermissions(['can_manage_products'])
  @Post()
  create(@Body() dto: CategoryCreateDto, @Meta() meta: RequestMeta) {
    return this.ref.createCategory(dto, meta);
  }

  @RequirePermissions(['can_manage_products'])
  @Patch(':id')
  update(@Param('id', UuidPipe) id: string, @Body() dto: CategoryUpdateDto, @Meta() meta: RequestMeta) {
    return this.ref.updateCategory(id, dto, meta);
  }

  @RequirePermissions(['can_manage_products'])
  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('id', UuidPipe) id: string, @Meta() meta: RequestMeta) {
    await this.ref.removeCategory(id, meta);
  }
}

@ApiTags('catalog')
@Controller('Products')
export class ProductsController {
  constructor(
    private readonly products: ProductsService,
    private readonly commands: CommandBus,
  ) {}

  @RequirePermissions(['can_see_products'])
  @Get()
  async list(@Query() query: ProductListQueryDto, @Res({ passthrough: true }) res: Response) {
    const { rows, total } = await this.products.list(query);
    return sendList(res, rows, total);
  }

  @RequirePermissions(['can_manage_products'])
  @Post()
  create(@Body() dto: ProductCreateDto, @CurrentUser() user: AuthUser, @Meta() meta: RequestMeta) {
    return this.products.create(dto, user, meta);
  }

  /** Spec §7: PATCH /api/Products/variants/{id} */
  @RequirePermissions(['can_manage_products'])
  @Patch('variants/:id')
  updateVariant(@Param('id', UuidPipe) id: string, @Body() dto: VariantUpdateDto, @CurrentUser() user: AuthUser, @Meta() meta: RequestMeta) {
    return this.products.updateVariant(id, dto, user, meta);
  }

  /** Spec §7: DELETE /api/Products/variants/{id} */
  @RequirePermissions(['can_manage_products'])
  @Delete('variants/:id')
  @HttpCode(204)
  async removeVariant(@Param('id', UuidPipe) id: string, @Meta() meta: RequestMeta) {
    await this.products.removeVariant(id, meta);
  }

  @RequirePermissions(['can_see_products'])
  @Get(':id')
  get(@Param('id', UuidPipe) id: string, @CurrentUser() user: AuthUser) {
    return this.products.get(id, user);
  }

  @RequirePermissions(['can_manage_products'])
  @Patch(':id')
  update(@Param('id', UuidPipe) id: string, @Body() dto: ProductUpdateDto, @CurrentUser() user: AuthUser, @Meta() meta: RequestMeta) {
    return this.products.update(id, dto, user, meta);
  }

  @RequirePermissions(['can_manage_products'])
  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('id', UuidPipe) id: string, @Meta() meta: RequestMeta) {
    await this.products.remove(id, meta);
  }

  @RequirePermissions(['can_manage_products'])
  @Post(':id/variants')
  addVariant(@Param('id', UuidPipe) id: string, @Body() dto: VariantInputDto, @CurrentUser() user: AuthUser, @Meta() meta: RequestMeta) {
    return this.products.addVariant(id, dto, user, meta);
  }

  /** Add values or property types to an existing product (missing combinations become variants), or take them away. */
  @RequirePermissions(['can_manage_products'])
  @Post(':id/properties')
  @HttpCode(HttpStatus.OK)
  updateProperties(
    @Param('id', UuidPipe) id: string,
    @Body() dto: ProductPropertiesUpdateDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ): Promise<ProductPropertiesResultDto> {
    return this.commands.execute(new UpdateProductPropertiesCommand(id, dto, user, meta));
  }
}

@ApiTags('catalog')
@Controller('variants')
export class VariantsController {
  constructor(private readonly variants: VariantsService) {}

  /** Spec §7: GET /api/variants */
  @RequirePermissions(['can_see_products'])
  @Get()
  async list(@Query() query: VariantListQueryDto, @CurrentUser() user: AuthUser, @Res({ passthrough: true }) res: Response) {
    const { rows, total } = await this.variants.list(query, user);
    return sendList(res, rows, total);
  }

  /** The one product search: the POS and every picker. */
  @Authenticated()
  @Get('search')
  search(@Query() query: VariantSearchQueryDto, @CurrentUser() user: AuthUser) {
    return this.variants.search(query, user);
  }

  /** Spec §7: GET /api/variants/getNearStockEnd */
  @RequirePermissions(['can_see_near_end_products'])
  @Get('getNearStockEnd')
  nearStockEnd(@CurrentUser() user: AuthUser) {
    return this.variants.nearStockEnd(user);
  }

  @RequirePermissions(['can_see_inventories'])
  @Get(':id/movements')
  async movements(
    @Param('id', UuidPipe) id: string,
    @Query() query: StockMovementQueryDto,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { rows, total } = await this.variants.movements(id, query.inventoryId, query, user);
    return sendList(res, rows, total);
  }
}
