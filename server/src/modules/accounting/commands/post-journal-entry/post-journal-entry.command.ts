import type { PostJournalEntryDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** A manual journal entry; the client's id makes a retry harmless. */
export class PostJournalEntryCommand {
  constructor(
    readonly dto: PostJournalEntryDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
