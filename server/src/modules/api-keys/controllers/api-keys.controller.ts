import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { ApiKeyCreateDto } from '@pos/contracts';
import { AdminOnly, Meta, type RequestMeta } from '../../../core/auth/decorators';
import { UuidPipe } from '../../../core/http/uuid.pipe';
import { ApiKeysService } from '../services/api-keys.service';

/** Spec route /admin/apiKeys: API key management (admin only). */
@ApiTags('api-keys')
@Controller('admin/apiKeys')
@AdminOnly()
export class ApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @Get()
  list() {
    return this.keys.list();
  }

  @Post()
  create(@Body() dto: ApiKeyCreateDto, @Meta() meta: RequestMeta) {
    return this.keys.create(dto, meta);
  }

  @Delete(':id')
  @HttpCode(204)
  async revoke(@Param('id', UuidPipe) id: string, @Meta() meta: RequestMeta) {
    await this.keys.revoke(id, meta);
  }
}
