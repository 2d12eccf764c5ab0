import type { ApiKeyCreateDto } from '@pos/contracts';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** A new API key for a branch, with the permissions it acts with. */
export class CreateApiKeyCommand {
  constructor(
    readonly dto: ApiKeyCreateDto,
    readonly meta: RequestMeta,
  ) {}
}
