import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Patch,
  Post,
  Query,
  Res,
} from '@nestjs/common';
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
import {
  Authenticated,
  CurrentUser,
  Meta,
  RequirePermissions,
  type RequestMeta,
} from '../../../core/auth/decorators';
import { sendList } from '../../../core/http/list';
import { UuidPipe } from '../../../core/http/uuid.pipe';
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

@ApiTags('catalog')
@Controller('Categories')
export class CategoriesController {
  constructor(
    private readonly ref: ReferenceService,
    private readonly commands: CommandBus,
  ) {}

  @RequirePermissions(['can_see_categories'])
  @Get()
  list(@Query() query: ListQueryDto) {
    return this.ref.categories(query);
  }

  @RequirePermissions(['can_manage_products'])
  @Post()
  async create(@Body() dto: CategoryCreateDto, @Meta() meta: RequestMeta) {
    const id: string = await this.commands.execute(new CreateCategoryCommand(dto, meta));
    return this.ref.category(id);
  }

  @RequirePermissions(['can_manage_products'])
  @Patch(':id')
  async update(
    @Param('id', UuidPipe) id: string,
    @Body() dto: CategoryUpdateDto,
    @Meta() meta: RequestMeta,
  ) {
    await this.commands.execute(new UpdateCategoryCommand(id, dto, meta));
    return this.ref.category(id);
  }

  @RequirePermissions(['can_manage_products'])
  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('id', UuidPipe) id: string, @Meta() meta: RequestMeta) {
    await this.commands.execute(new DeleteCategoryCommand(id, meta));
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
    return this.commands.execute(new CreateProductCommand(dto, user, meta));
  }

  /** Spec §7: PATCH /api/Products/variants/{id} */
  @RequirePermissions(['can_manage_products'])
  @Patch('variants/:id')
  updateVariant(
    @Param('id', UuidPipe) id: string,
    @Body() dto: VariantUpdateDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    return this.commands.execute(new UpdateVariantCommand(id, dto, user, meta));
  }

  /** Spec §7: DELETE /api/Products/variants/{id} */
  @RequirePermissions(['can_manage_products'])
  @Delete('variants/:id')
  @HttpCode(204)
  async removeVariant(@Param('id', UuidPipe) id: string, @Meta() meta: RequestMeta) {
    await this.commands.execute(new DeleteVariantCommand(id, meta));
  }

  @RequirePermissions(['can_see_products'])
  @Get(':id')
  get(@Param('id', UuidPipe) id: string, @CurrentUser() user: AuthUser) {
    return this.products.get(id, user);
  }

  @RequirePermissions(['can_manage_products'])
  @Patch(':id')
  update(
    @Param('id', UuidPipe) id: string,
    @Body() dto: ProductUpdateDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    return this.commands.execute(new UpdateProductCommand(id, dto, user, meta));
  }

  @RequirePermissions(['can_manage_products'])
  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('id', UuidPipe) id: string, @Meta() meta: RequestMeta) {
    await this.commands.execute(new DeleteProductCommand(id, meta));
  }

  @RequirePermissions(['can_manage_products'])
  @Post(':id/variants')
  addVariant(
    @Param('id', UuidPipe) id: string,
    @Body() dto: VariantInputDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    return this.commands.execute(new AddVariantCommand(id, dto, user, meta));
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
  async list(
    @Query() query: VariantListQueryDto,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { rows, total } = await this.variants.list(query, user);
    return sendList(res, rows, total);
  }

  /** The one product search: the POS and every picker. */
  @Authenticated({ apiKey: ['can_see_products'] })
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
