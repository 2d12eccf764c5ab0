import { Controller, Get, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  BatchListQueryDto,
  ExpiringLotsQueryDto,
  INVENTORIES,
  InventoryStockQueryDto,
  StockAdjustmentDto,
  SellableBatchesQueryDto,
  SellableSerialQueryDto,
  type BatchStockDto,
  type ExpiringLotsDto,
  type SellableBatchesDto,
  type SellableSerialDto,
  type SerialUnitDto,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { Authenticated, CurrentUser, RequirePermissions } from '../../../core/auth/decorators';
import { sendList } from '../../../core/http/list';
import { DocumentRoutes, IdParam } from '../../../core/http/document-routes';
import { canSeeCost } from '../../../core/auth/visibility';
import { AdjustStockCommand } from '../commands/adjust-stock/adjust-stock.command';
import type { AdjustStockResult } from '../commands/adjust-stock/adjust-stock.handler';
import { InventoriesService } from '../queries/inventories.queries';
import { SerialQueries } from '../queries/serials.queries';

/**
 * /Inventories beyond the resource kit's list and CRUD (inventories.resource.ts): the pickers'
 * options and one inventory's stock. Registered before the kit's controller, so `options` is not
 * read as an `:id`.
 */
@ApiTags('inventory')
@Controller(INVENTORIES.path.slice(1))
export class InventoryStockController {
  constructor(
    private readonly inventories: InventoriesService,
    private readonly serials: SerialQueries,
  ) {}

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

  /**
   * One variant's lots holding stock in the inventory, earliest expiry first (issue 34), a bounded
   * page (docs/decisions/0128): `limit` lots after `afterLot`, `q` by lot number; while more
   * follow, X-Next-After names the last lot listed (the next page's `afterLot`).
   */
  @RequirePermissions(['can_see_inventories'])
  @Get(':id/batches')
  async batches(
    @IdParam() id: string,
    @Query() query: BatchListQueryDto,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) res: Response,
  ): Promise<BatchStockDto[]> {
    const { lots, next } = await this.serials.batchStock(id, query, user);
    if (next) {
      res.setHeader('X-Next-After', next);
      res.setHeader('Access-Control-Expose-Headers', 'X-Next-After');
    }
    return lots;
  }

  /**
   * The till's lots of a batch product (issue 34, docs/decisions/0107): the lots the cashier may
   * choose from and the first-expiry-first-out pick of the line's quantity, for whoever sells at
   * the inventory's branch (no stock permission: the seller's own branch, else 404). Bounded:
   * `limit` lots (SELLABLE_LOTS_PAGE, at most SELLABLE_LOTS_MAX) of the unexpired and of the
   * expired each, `q` searching by lot number (docs/decisions/0123).
   */
  @Authenticated()
  @Get(':id/sellable-batches')
  sellableBatches(
    @IdParam() id: string,
    @Query() query: SellableBatchesQueryDto,
    @CurrentUser() user: AuthUser,
  ): Promise<SellableBatchesDto> {
    return this.serials.sellableBatches(id, query, user);
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

/**
 * /Serials/{code}: the units a serial or an IMEI names, with their history (issue 34): who reads
 * an inventory's stock reads its units; a user of one branch sees that branch's part.
 */
@ApiTags('inventory')
@Controller('Serials')
export class SerialsController {
  constructor(private readonly serials: SerialQueries) {}

  @RequirePermissions(['can_see_inventories'])
  @Get(':code')
  lookup(@Param('code') code: string, @CurrentUser() user: AuthUser): Promise<SerialUnitDto[]> {
    // a serial is at most 50 characters: a longer code names no unit
    return this.serials.lookup(code.slice(0, 60), user);
  }

  /**
   * The till's scan of a serial or an IMEI (issue 34, docs/decisions/0107): the unit in stock at
   * the inventory (the seller's own branch's), with its variant to put on the line; 404 otherwise.
   */
  @Authenticated()
  @Get(':code/sellable')
  sellable(
    @Param('code') code: string,
    @Query() query: SellableSerialQueryDto,
    @CurrentUser() user: AuthUser,
  ): Promise<SellableSerialDto> {
    return this.serials.sellable(code.slice(0, 60), query.inventoryId, user);
  }
}

/**
 * /Batches/expiring (issue 34 item 7, docs/decisions/0111): a branch's lots near expiry, with the
 * low-stock list's permission; the user's own branch unless one within their read scope is asked.
 */
@ApiTags('inventory')
@Controller('Batches')
export class BatchesController {
  constructor(private readonly serials: SerialQueries) {}

  @RequirePermissions(['can_see_near_end_products'])
  @Get('expiring')
  expiring(
    @Query() query: ExpiringLotsQueryDto,
    @CurrentUser() user: AuthUser,
  ): Promise<ExpiringLotsDto> {
    return this.serials.expiring(query.branchId, user);
  }
}
