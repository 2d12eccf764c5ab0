import { Body, Controller, Get, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  InventoryCreateDto,
  InventoryListQueryDto,
  InventoryStockQueryDto,
  InventoryUpdateDto,
  StockAdjustmentDto,
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
import { canSeeCost } from '../../../core/auth/visibility';
import { AdjustStockCommand } from '../commands/adjust-stock/adjust-stock.command';
import type { AdjustStockResult } from '../commands/adjust-stock/adjust-stock.handler';
import { InventoriesService } from '../services/inventories.service';

@ApiTags('inventory')
@Controller('Inventories')
export class InventoriesController {
  constructor(private readonly inventories: InventoriesService) {}

  @RequirePermissions(['can_see_inventories'])
  @Get()
  async list(
    @Query() query: InventoryListQueryDto,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) res: Response,
  ) {
    const rows = await this.inventories.list(user, query.branchId);
    return sendList(res, rows, rows.length);
  }

  @Authenticated()
  @Get('options')
  options() {
    return this.inventories.options();
  }

  @RequirePermissions(['can_see_inventories'])
  @Get(':id')
  get(@Param('id', UuidPipe) id: string, @CurrentUser() user: AuthUser) {
    return this.inventories.get(id, user);
  }

  @RequirePermissions(['can_see_inventories'])
  @Get(':id/stock')
  async stock(
    @Param('id', UuidPipe) id: string,
    @Query() query: InventoryStockQueryDto,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { rows, total, value } = await this.inventories.stock(id, query, user);
    if (canSeeCost(user)) {
      res.setHeader('X-Total-Value', String(value));
      res.setHeader('Access-Control-Expose-Headers', 'X-Total-Count, X-Total-Value');
    }
    return sendList(res, rows, total);
  }

  @RequirePermissions(['can_manage_products'])
  @Post()
  create(
    @Body() dto: InventoryCreateDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    return this.inventories.create(dto, user, meta);
  }

  @RequirePermissions(['can_manage_products'])
  @Patch(':id')
  update(
    @Param('id', UuidPipe) id: string,
    @Body() dto: InventoryUpdateDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    return this.inventories.update(id, dto, user, meta);
  }
}

@ApiTags('inventory')
@Controller('StockAdjustments')
export class StockAdjustmentsController {
  constructor(private readonly commands: CommandBus) {}

  @RequirePermissions(['can_adjust_stock'])
  @Post()
  async adjust(
    @Body() dto: StockAdjustmentDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    const result: AdjustStockResult = await this.commands.execute(
      new AdjustStockCommand(dto, user, meta),
    );
    return { id: result.id, movements: result.movements };
  }
}
