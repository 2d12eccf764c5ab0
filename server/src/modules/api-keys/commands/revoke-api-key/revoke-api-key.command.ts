import type { RequestMeta } from '../../../../core/auth/decorators';

/** Revokes an API key (kept, with its revocation time, for the record). */
export class RevokeApiKeyCommand {
  constructor(
    readonly keyId: string,
    readonly meta: RequestMeta,
  ) {}
}
