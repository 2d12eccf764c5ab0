import { HttpStatus } from '@nestjs/common';
import { normalizeArabic } from '@pos/contracts';
import type { AuthUser } from '../../core/auth/auth.types';
import { AppException } from '../../core/errors/app.exception';

/** What the customer search matches: the name and both phones, normalised. */
export const customerSearchText = (c: {
  name: string;
  phone?: string | null;
  phone2?: string | null;
}): string => normalizeArabic([c.name, c.phone ?? '', c.phone2 ?? ''].join(' '));

/**
 * A credit limit (and the payment terms, which are part of the credit given) is set by a holder of can_grant_credit only (issue 11): anyone may add a
 * customer, with no limit (0, which for everyone else means no credit at all).
 */
export function assertMayGrantCredit(
  user: AuthUser,
  creditLimit: number | null | undefined,
  current: number | null = 0,
): void {
  if (creditLimit === undefined || creditLimit === current) return;
  if (!user.permissions.includes('can_grant_credit'))
    throw new AppException('CREDIT_LIMIT_FORBIDDEN', HttpStatus.FORBIDDEN);
}
