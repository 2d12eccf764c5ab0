import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiTags } from '@nestjs/swagger';
import { ApiKeyCreateDto } from '@pos/contracts';
import { AdminOnly, Meta, type RequestMeta } from '../../core/auth/decorators';
import { UuidPipe } from '../../core/http/uuid.pipe';
import { ApiKeysService } from './api-keys.service';
import { CreateApiKeyCommand } from './commands/create-api-key/create-api-key.command';
import type { CreateApiKeyResult } from './commands/create-api-key/create-api-key.handler';
import { RevokeApiKeyCommand } from './commands/revoke-api-key/revoke-api-key.command';

/** Spec route /admin/apiKeys: API key management (admin only). */
@ApiTags('api-keys')
@Controller('admin/apiKeys')
@AdminOnly()
export class ApiKeysController {
  constructor(
    private readonly keys: ApiKeysService,
    private readonly commands: CommandBus,
  ) {}

  @Get()
  list() {
    return this.keys.list();
  }

  @Post()
  /** The full key is returned once, at creation. */
  async create(@Body() dto: ApiKeyCreateDto, @Meta() meta: RequestMeta) {
    const { id, key }: CreateApiKeyResult = await this.commands.execute(
      new CreateApiKeyCommand(dto, meta),
    );
    return { ...(await this.keys.get(id)), key };
  }

  @Delete(':id')
  @HttpCode(204)
  async revoke(@Param('id', UuidPipe) id: string, @Meta() meta: RequestMeta) {
    await this.commands.execute(new RevokeApiKeyCommand(id, meta));
  }
}
