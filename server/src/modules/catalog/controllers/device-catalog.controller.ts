import { Controller, Get, Query, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { DeviceCatalogPageQueryDto, DeviceCatalogQueryDto } from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { CurrentUser, RequirePermissions } from '../../../core/auth/decorators';
import { sendJsonGzip } from '../../../core/http/send-gzip';
import { DeviceCatalogQueries } from '../queries/device-catalog.queries';

/**
 * The till's copy of its branch's catalog (issue 32 item 2): a signed-in user of the till (the POS
 * module on, the POS screen theirs) for an inventory of their branch. Not for API keys.
 */
const Till = () => RequirePermissions([], ['POS']);

@ApiTags('catalog')
@Controller('device-catalog')
export class DeviceCatalogController {
  constructor(private readonly queries: DeviceCatalogQueries) {}

  /** A sync's start: the cursor to keep once every page is in, counts, the small lists, removals. */
  @Till()
  @Get()
  start(@Query() query: DeviceCatalogQueryDto, @CurrentUser() user: AuthUser) {
    return this.queries.start(query, user);
  }

  /** One keyset page of a part (variants, stock, customers), gzipped when accepted. */
  @Till()
  @Get('page')
  async page(
    @Query() query: DeviceCatalogPageQueryDto,
    @CurrentUser() user: AuthUser,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    await sendJsonGzip(req, res, await this.queries.page(query, user));
  }
}
