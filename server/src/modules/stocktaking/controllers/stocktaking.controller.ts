import { Body, Controller, Get, HttpStatus, Post, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  StockTakingActionDto,
  StockTakingCountDto,
  StockTakingLinesQueryDto,
  StockTakingListQueryDto,
  StockTakingPostDto,
  StockTakingStartDto,
  type StockTakingCountResultDto,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import {
  CurrentUser,
  Meta,
  RequirePermissions,
  type RequestMeta,
} from '../../../core/auth/decorators';
import { DocumentRoutes, IdParam } from '../../../core/http/document-routes';
import { MoveStockTakingCommand } from '../commands/move-stock-taking/move-stock-taking.command';
import { PostStockTakingCommand } from '../commands/post-stock-taking/post-stock-taking.command';
import { RecordCountCommand } from '../commands/record-count/record-count.command';
import type { RecordCountResult } from '../commands/record-count/record-count.handler';
import { StartStockTakingCommand } from '../commands/start-stock-taking/start-stock-taking.command';
import { StockTakingQueries } from '../queries/stocktaking.queries';
import { progressOf } from '../services/stocktaking-rules';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

const Access = () => RequirePermissions(['can_start_stock_taking']);

/** Stock-taking sessions (route /StockTaking/{id}: can_start_stock_taking), scoped to the user's branch. */
@ApiTags('stocktaking')
@Controller('StockTakings')
@DocumentRoutes({
  access: Access(),
  list: StockTakingListQueryDto,
  get: true,
  create: { command: StartStockTakingCommand, body: StockTakingStartDto, id: 'result' },
  /** The review table: filter=differences|uncounted|counted, q, paging. */
  pages: { lines: { path: 'lines', query: StockTakingLinesQueryDto } },
  steps: {
    submit: { command: MoveStockTakingCommand, args: ['submit'], body: StockTakingActionDto },
    reopen: { command: MoveStockTakingCommand, args: ['reopen'], body: StockTakingActionDto },
    post: { command: PostStockTakingCommand, body: StockTakingPostDto, idempotent: true },
    cancel: { command: MoveStockTakingCommand, args: ['cancel'], body: StockTakingActionDto },
  },
})
export class StockTakingController {
  constructor(
    readonly commands: CommandBus,
    readonly queries: StockTakingQueries,
    @InjectDataSource() private readonly ds: DataSource,
  ) {}

  /** The latest count rows; `mine=true` for this user's own. */
  @Access()
  @Get(':id/counts')
  counts(
    @IdParam() id: string,
    @Query('mine') mine: string | undefined,
    @CurrentUser() user: AuthUser,
  ) {
    return this.queries.counts(id, user, mine === 'true' || mine === '1');
  }

  /** The tracked products' variance: missing and unexpected units, lots (0117). */
  @Access()
  @Get(':id/tracked')
  tracked(@IdParam() id: string, @CurrentUser() user: AuthUser) {
    return this.queries.tracked(id, user);
  }

  @Access()
  @Post(':id/counts')
  async count(
    @IdParam() id: string,
    @Body() dto: StockTakingCountDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
    @Res({ passthrough: true }) res: Response,
  ): Promise<StockTakingCountResultDto> {
    const result = await this.commands.execute<RecordCountCommand, RecordCountResult>(
      new RecordCountCommand(id, dto, user, meta),
    );
    res.status(result.created ? HttpStatus.CREATED : HttpStatus.OK);
    const count = await this.queries.count(id, result.countId);
    const line = await this.queries.line(id, result.variantId, user);
    const progress = await progressOf(this.ds.manager, id);
    return { count, line, progress };
  }
}
