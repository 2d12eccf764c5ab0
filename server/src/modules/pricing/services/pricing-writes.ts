// What every pricing command shares: the version raised, the branch-scope rule for rules, and the
// ids a rule names checked against their tables.
import { HttpStatus } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../../../core/auth/auth.types';
import { branchWriteScope } from '../../../core/auth/branch-scope';
import type { CommandTransaction } from '../../../core/cqrs';
import { AppException } from '../../../core/errors/app.exception';
import { invalid } from './rule-shapes';

/**
 * Raises the rules' version (one row, so pricing writes queue behind each other: a version names
 * exactly one rule set) and answers the new one.
 */
export async function bumpRulesVersion(m: EntityManager): Promise<string> {
  const [row] = (await m.query(
    `UPDATE pricing_state SET version = version + 1, changed_at = now() WHERE id = 1 RETURNING version::text AS version`,
  )) as { version: string }[];
  return row.version;
}

/**
 * Branch scope of a rule (the one rule, core/auth/branch-scope.ts): an administrator changes any
 * rule; anyone else only rules limited to exactly their own branch (a store-wide or another
 * branch's rule would price sales they may not change).
 */
export function assertRuleScope(user: AuthUser, ...branchLists: string[][]): void {
  const scope = branchWriteScope(user);
  if (!scope) return;
  for (const ids of branchLists)
    if (ids.length !== 1 || ids[0] !== scope)
      throw new AppException('PRICING_BRANCH_SCOPE', HttpStatus.FORBIDDEN);
}

/** Every branch and customer group a rule is limited to exists (400 naming the field otherwise). */
export async function assertScopeIds(
  m: EntityManager,
  branchIds: string[],
  customerGroupIds: string[],
): Promise<void> {
  const [row] = (await m.query(
    `SELECT (SELECT count(*) FROM branches WHERE id = ANY($1::uuid[]))::int AS branches,
            (SELECT count(*) FROM customer_groups WHERE id = ANY($2::uuid[]))::int AS groups`,
    [branchIds, customerGroupIds],
  )) as { branches: number; groups: number }[];
  const issues = [];
  if (row.branches !== new Set(branchIds).size)
    issues.push({ key: 'validation.pricing.invalid', params: { field: 'branchIds' } });
  if (row.groups !== new Set(customerGroupIds).size)
    issues.push({ key: 'validation.pricing.invalid', params: { field: 'customerGroupIds' } });
  if (issues.length) throw invalid(issues);
}

/** What a pricing command does after its write: the version raised, the audit row queued. */
export async function recordRuleChange(
  tx: CommandTransaction,
  audit: {
    action: string;
    entity: string;
    entityId: string;
    before?: object | null;
    after: object;
  },
): Promise<string> {
  const version = await bumpRulesVersion(tx.m);
  tx.audit({ ...audit, after: { ...audit.after, rulesVersion: version } });
  return version;
}
