import { Controller, Get, Post, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { INVENTORIES, InventoryStockQueryDto, StockAdjustmentDto } from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { Authenticated, CurrentUser, RequirePermissions } from '../../../core/auth/decorators';
import { sendList } from '../../../core/http/list';
import { DocumentRoutes, IdParam } from '../../../core/http/document-routes';
import { canSeeCost } from '../../../core/auth/visibility';
import { AdjustStockCommand } from '../commands/adjust-stock/adjust-stock.command';
import type { AdjustStockResult } from '../commands/adjust-stock/adjust-stock.handler';
import { InventoriesService } from '../queries/inventories.queries';

/**
 * /Inventories beyond the resource kit's list and CRUD (inventories.resource.ts): the pickers'
 * options and one inventory's stock. Registered before the kit's controller, so `options` is not
 * read as an `:id`.
 */
@ApiTags('inventory')
@Controller(INVENTORIES.path.slice(1))
export class InventoryStockController {
  constructor(private readonly inventories: InventoriesService) {}

  @Authenticated({ apiKey: ['can_see_inventories'] })
  @Get('options')
  options() {
    return this.inventories.options();
  }

  @RequirePermissions(['can_see_inventories'])
  @Get(':id/stock')
  async stock(
    @IdParam() id: string,
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
}

@ApiTags('inventory')
@Controller('StockAdjustments')
@DocumentRoutes({
  commands: {
    adjust: {
      route: Post(),
      command: AdjustStockCommand,
      body: StockAdjustmentDto,
      access: RequirePermissions(['can_adjust_stock']),
      idempotent: true,
      answer: (_: unknown, result: AdjustStockResult) => ({
        id: result.id,
        movements: result.movements,
      }),
    },
  },
})
export class StockAdjustmentsController {
  constructor(readonly commands: CommandBus) {}
}
