import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  Res,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { BranchCreateDto, BranchUpdateDto, ListQueryDto } from '@pos/contracts';
import type { AuthUser } from '../../core/auth/auth.types';
import {
  AdminOnly,
  Authenticated,
  CurrentUser,
  Meta,
  type RequestMeta,
} from '../../core/auth/decorators';
import { sendList } from '../../core/http/list';
import { UuidPipe } from '../../core/http/uuid.pipe';
import { BranchesService } from './branches.service';

/** Spec §7: base /api/Branch; GET /api/Branch/{id} returns one branch. */
@ApiTags('branches')
@Controller('Branch')
export class BranchesController {
  constructor(private readonly branches: BranchesService) {}

  @Authenticated()
  @Get()
  async list(
    @Query() query: ListQueryDto,
    @CurrentUser() user: AuthUser,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { rows, total } = await this.branches.list(query, user);
    return sendList(res, rows, total);
  }

  @Authenticated()
  @Get(':id')
  get(@Param('id', UuidPipe) id: string, @CurrentUser() user: AuthUser) {
    return this.branches.get(id, user);
  }

  @AdminOnly()
  @Post()
  create(@Body() dto: BranchCreateDto, @Meta() meta: RequestMeta) {
    return this.branches.create(dto, meta);
  }

  @AdminOnly()
  @Patch(':id')
  update(
    @Param('id', UuidPipe) id: string,
    @Body() dto: BranchUpdateDto,
    @Meta() meta: RequestMeta,
  ) {
    return this.branches.update(id, dto, meta);
  }

  @AdminOnly()
  @Delete(':id')
  @HttpCode(204)
  async remove(@Param('id', UuidPipe) id: string, @Meta() meta: RequestMeta) {
    await this.branches.remove(id, meta);
  }
}
