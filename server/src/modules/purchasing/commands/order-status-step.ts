import { Injectable } from '@nestjs/common';
import type {
  PurchaseOrderAction,
  PurchaseOrderActionDto,
  PurchaseOrderStatus,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import type { RequestMeta } from '../../../core/auth/decorators';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../core/cqrs';
import { lockOrder, moveStatus } from '../services/purchase-order-rules';

type StepCommand = { id: string; dto: PurchaseOrderActionDto; user: AuthUser; meta: RequestMeta };

/** The base of a step that only changes an order's status (cancel, close): lock it, then move it. */
@Injectable()
export abstract class OrderStatusStepHandler<
  C extends StepCommand,
> extends TransactionalCommandHandler<C, void> {
  protected abstract readonly step: { action: PurchaseOrderAction; to: PurchaseOrderStatus };

  constructor(runner: CommandRunner) {
    super(runner);
  }

  protected async handle({ id, dto, user }: C, tx: CommandTransaction): Promise<void> {
    const order = await lockOrder(tx.m, id, user);
    await moveStatus(tx, order, this.step.action, this.step.to, dto.note);
  }
}
