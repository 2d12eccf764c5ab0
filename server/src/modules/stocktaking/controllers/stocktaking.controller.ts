import {
  Body,
  Controller,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Query,
  Res,
} from '@nestjs/common';
import { Idempotent } from '../../../core/http/idempotency';
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
import { sendList } from '../../../core/http/list';
import { UuidPipe } from '../../../core/http/uuid.pipe';
import { CancelStockTakingCommand } from '../commands/cancel-stock-taking/cancel-stock-taking.command';
import { PostStockTakingCommand } from '../commands/post-stock-taking/post-stock-taking.command';
import { RecordCountCommand } from '../commands/record-count/record-count.command';
import type { RecordCountResult } from '../commands/record-count/record-count.handler';
import { ReopenStockTakingCommand } from '../commands/reopen-stock-taking/reopen-stock-taking.command';
import { StartStockTakingCommand } from '../commands/start-stock-taking/start-stock-taking.command';
import { SubmitStockTakingCommand } from '../commands/submit-stock-taking/submit-stock-taking.command';
import { StockTakingQueries } from '../queries/stocktaking.queries';
import { progressOf } from '../services/stocktaking-rules';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** Stock-taking sessions (route /StockTaking/{id}: can_start_stock_taking), scoped to the user's branch. */
@ApiTags('stocktaking')
@Controller('StockTakings')
export class StockTakingController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: StockTakingQueries,
    @InjectDataSource() private readonly ds: DataSource,
  ) {}

  /** The sessions, per inventory with `inventoryId`. */
  @RequirePermissions(['can_start_stock_taking'])
  @Get()
  async list(
    @Query() query: StockTakingListQueryDto,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { rows, total } = await this.queries.list(query, user);
    return sendList(res, rows, total);
  }

  @RequirePermissions(['can_start_stock_taking'])
  @Get(':id')
  get(@Param('id', UuidPipe) id: string, @CurrentUser() user: AuthUser) {
    return this.queries.get(id, user);
  }

  /** The review table: filter=differences|uncounted|counted, q, paging. */
  @RequirePermissions(['can_start_stock_taking'])
  @Get(':id/lines')
  async lines(
    @Param('id', UuidPipe) id: string,
    @Query() query: StockTakingLinesQueryDto,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { rows, total } = await this.queries.lines(id, query, user);
    return sendList(res, rows, total);
  }

  /** The latest count rows; `mine=true` for this user's own. */
  @RequirePermissions(['can_start_stock_taking'])
  @Get(':id/counts')
  counts(
    @Param('id', UuidPipe) id: string,
    @Query('mine') mine: string | undefined,
    @CurrentUser() user: AuthUser,
  ) {
    return this.queries.counts(id, user, mine === 'true' || mine === '1');
  }

  @RequirePermissions(['can_start_stock_taking'])
  @Post()
  async start(
    @Body() dto: StockTakingStartDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    const { id } = await this.commands.execute<StartStockTakingCommand, { id: string }>(
      new StartStockTakingCommand(dto, user, meta),
    );
    return this.queries.get(id, user);
  }

  @RequirePermissions(['can_start_stock_taking'])
  @Post(':id/counts')
  async count(
    @Param('id', UuidPipe) id: string,
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

  @RequirePermissions(['can_start_stock_taking'])
  @Post(':id/submit')
  @HttpCode(HttpStatus.OK)
  async submit(
    @Param('id', UuidPipe) id: string,
    @Body() dto: StockTakingActionDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    await this.commands.execute(new SubmitStockTakingCommand(id, dto, user, meta));
    return this.queries.get(id, user);
  }

  @RequirePermissions(['can_start_stock_taking'])
  @Post(':id/reopen')
  @HttpCode(HttpStatus.OK)
  async reopen(
    @Param('id', UuidPipe) id: string,
    @Body() dto: StockTakingActionDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    await this.commands.execute(new ReopenStockTakingCommand(id, dto, user, meta));
    return this.queries.get(id, user);
  }

  @RequirePermissions(['can_start_stock_taking'])
  @Idempotent()
  @Post(':id/post')
  @HttpCode(HttpStatus.OK)
  async post(
    @Param('id', UuidPipe) id: string,
    @Body() dto: StockTakingPostDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    await this.commands.execute(new PostStockTakingCommand(id, dto, user, meta));
    return this.queries.get(id, user);
  }

  @RequirePermissions(['can_start_stock_taking'])
  @Post(':id/cancel')
  @HttpCode(HttpStatus.OK)
  async cancel(
    @Param('id', UuidPipe) id: string,
    @Body() dto: StockTakingActionDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    await this.commands.execute(new CancelStockTakingCommand(id, dto, user, meta));
    return this.queries.get(id, user);
  }
}
