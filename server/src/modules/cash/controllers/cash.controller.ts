import { Controller, Get } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  MoneyTransactionCreateDto,
  MoneyTransactionListQueryDto,
  MoneyTransactionRejectDto,
  VaultMovementsQueryDto,
} from '@pos/contracts';
import { RequirePermissions } from '../../../core/auth/decorators';
import { DocumentController, DocumentRoutes } from '../../../core/http/document-routes';
import { DecideMoneyTransferCommand } from '../commands/decide-money-transfer/decide-money-transfer.command';
import { RecordMoneyTransactionCommand } from '../commands/record-money-transaction/record-money-transaction.command';
import { CashQueries } from '../queries/cash.queries';

/** /Vault's own reads beside the resource kit's list (listed before it: literal segments first). */
@ApiTags('cash')
@Controller('Vault')
@DocumentRoutes({
  access: RequirePermissions(['can_see_vault_totals']),
  /** A vault's movements with the running balance (the vault keeper's read). */
  pages: { movements: { path: 'movements', query: VaultMovementsQueryDto } },
})
export class VaultReadsController {
  constructor(readonly queries: CashQueries) {}

  /** Where a transfer may go: every branch's active vaults (names only), for the vault keeper. */
  @RequirePermissions(['can_see_vault_totals'])
  @Get('targets')
  targets() {
    return this.queries.targets();
  }
}

/**
 * /MoneyTransactions: deposits, withdrawals, transfers (a transfer to another branch is confirmed
 * or rejected by the receiver), owner's capital and drawings, card/wallet settlements. Every read
 * and write is the vault keeper's (can_see_vault_totals); branch rules live in the handlers.
 */
@ApiTags('cash')
@Controller('MoneyTransactions')
@DocumentRoutes({
  access: RequirePermissions(['can_see_vault_totals']),
  reads: { list: 'transactions', get: 'transaction' },
  list: MoneyTransactionListQueryDto,
  get: true,
  create: {
    command: RecordMoneyTransactionCommand,
    body: MoneyTransactionCreateDto,
    idempotent: true,
    id: 'result',
  },
  steps: {
    confirm: { command: DecideMoneyTransferCommand, args: ['confirm', null], idempotent: true },
    reject: {
      command: DecideMoneyTransferCommand,
      args: ['reject'],
      body: MoneyTransactionRejectDto,
      take: (dto: MoneyTransactionRejectDto) => [dto.reason],
      idempotent: true,
    },
  },
})
export class MoneyTransactionsController extends DocumentController(CashQueries) {}
