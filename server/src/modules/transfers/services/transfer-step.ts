import { Injectable, Optional } from '@nestjs/common';
import type { TransferAction, TransferState } from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import type { RequestMeta } from '../../../core/auth/decorators';
import {
  CommandRunner,
  TransactionalCommandHandler,
  type CommandTransaction,
} from '../../../core/cqrs';
import { StockLedger } from '../../inventory';
import {
  assertStep,
  lockLines,
  lockTransfer,
  recordStep,
  type TransferLineRow,
  type TransferRow,
} from './transfer-rules';

/** What every step command carries. */
export type TransferStepCommand = {
  id: string;
  dto: { note?: string | null };
  user: AuthUser;
  meta: RequestMeta;
};

/**
 * One step of a transfer request, in the command's transaction: lock the request, check the step
 * is this user's and legal from its state, lock its lines (unless `lines: false`), do the step's own work (`work`: stock,
 * postings; it may name the state reached and what the audit adds), then record the step
 * (`recordStep`: state, timeline, audit, live event).
 */
@Injectable()
export abstract class TransferStepHandler<
  C extends TransferStepCommand,
> extends TransactionalCommandHandler<C, void> {
  /** `lines: false`: the step leaves the lines unlocked (a rejection) */
  protected abstract readonly step: { action: TransferAction; to: TransferState; lines?: false };

  constructor(
    runner: CommandRunner,
    @Optional() private readonly stockLedger?: StockLedger,
  ) {
    super(runner);
  }

  /** The stock ledger (the steps that move or reserve stock are given one). */
  protected get ledger(): StockLedger {
    if (!this.stockLedger) throw new Error('no stock ledger');
    return this.stockLedger;
  }

  protected async handle(command: C, tx: CommandTransaction): Promise<void> {
    const { id, dto, user } = command;
    const t = await lockTransfer(tx.m, id, user);
    assertStep(user, t, this.step.action);
    const lines = this.step.lines === false ? [] : await lockLines(tx.m, id);
    const done = await this.work(tx, t, lines, command);
    const { action, to } = this.step;
    await recordStep(tx, t, { action, to, user, note: dto.note, ...done });
  }

  /** The step's own work, between the check and the record. */
  protected async work(
    _tx: CommandTransaction,
    _t: TransferRow,
    _lines: TransferLineRow[],
    _command: C,
  ): Promise<{ to?: TransferState; after?: object } | void> {}
}
