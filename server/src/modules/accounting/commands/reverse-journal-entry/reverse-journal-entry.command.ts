import type { ReverseJournalEntryDto } from '@pos/contracts';
import type { AuthUser } from '../../../../core/auth/auth.types';
import type { RequestMeta } from '../../../../core/auth/decorators';

/** Reverses a posted entry (a posted entry is never edited). */
export class ReverseJournalEntryCommand {
  constructor(
    readonly entryId: string,
    readonly dto: ReverseJournalEntryDto,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}
