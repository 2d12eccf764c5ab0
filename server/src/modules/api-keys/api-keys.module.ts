import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BearerAuthenticator } from '../../core/auth/bearer-authenticator';
import { ApiKeyEntity } from './entities/api-key.entity';
import { ApiKeysController } from './controllers/api-keys.controller';
import { ApiKeysService } from './services/api-keys.service';
import { CreateApiKeyHandler } from './commands/create-api-key/create-api-key.handler';
import { RevokeApiKeyHandler } from './commands/revoke-api-key/revoke-api-key.handler';

/** Global: it provides core's `BearerAuthenticator` (the guard and the socket gateway use it). */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([ApiKeyEntity])],
  controllers: [ApiKeysController],
  providers: [
    ApiKeysService,
    CreateApiKeyHandler,
    RevokeApiKeyHandler,
    { provide: BearerAuthenticator, useExisting: ApiKeysService },
  ],
  exports: [ApiKeysService, BearerAuthenticator],
})
export class ApiKeysModule {}
