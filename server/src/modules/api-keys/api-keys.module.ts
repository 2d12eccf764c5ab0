import { Global, Module } from '@nestjs/common';
import { ApiKeysController } from './api-keys.controller';
import { ApiKeysService } from './api-keys.service';
import { CreateApiKeyHandler } from './commands/create-api-key/create-api-key.handler';
import { RevokeApiKeyHandler } from './commands/revoke-api-key/revoke-api-key.handler';

@Global()
@Module({ controllers: [ApiKeysController], providers: [ApiKeysService, CreateApiKeyHandler, RevokeApiKeyHandler], exports: [ApiKeysService] })
export class ApiKeysModule {}
