import { Injectable } from '@nestjs/common';
import type { EntityTarget } from 'typeorm';
import type { AuthUser } from '../../../core/auth/auth.types';
import type { RequestMeta } from '../../../core/auth/decorators';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../core/cqrs';
import { lockRow } from '../../../core/database/updates';
import { assertRuleScope, recordRuleChange } from '../services/pricing-writes';

/** What a rule's deactivation reads and writes of its row. */
type RuleRow = { id: string; branchIds: string[]; active: boolean };

/**
 * The base of DeactivatePriceList and DeactivatePromotion: the row locked, in the caller's branch
 * scope; a no-op when it is off already; else turned off, the version raised, the audit row queued.
 */
@Injectable()
export abstract class DeactivateRuleHandler<
  C extends { id: string; user: AuthUser; meta: RequestMeta },
> extends TransactionalCommandHandler<C> {
  /** the rule's entity, and its audit's entity and action */
  protected abstract readonly rule: {
    target: EntityTarget<RuleRow>;
    entity: string;
    action: string;
  };

  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle({ id, user }: C, tx: CommandTransaction): Promise<void> {
    const { target, entity, action } = this.rule;
    const before = await lockRow(tx.m, target, id);
    assertRuleScope(user, before.branchIds);
    if (!before.active) return;
    await tx.m.update(target, { id }, { active: false });
    await recordRuleChange(tx, {
      action,
      entity,
      entityId: id,
      before: { active: true },
      after: { active: false },
    });
  }
}
