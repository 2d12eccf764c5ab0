import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  ChequeActionDto,
  ChequeCreateDto,
  ChequeListQueryDto,
  ChequePartyQueryDto,
} from '@pos/contracts';
import type { AuthUser } from '../../../core/auth/auth.types';
import { CurrentUser, RequirePermissions } from '../../../core/auth/decorators';
import { DocumentController, DocumentRoutes } from '../../../core/http/document-routes';
import { BounceChequeCommand } from '../commands/bounce-cheque/bounce-cheque.command';
import { CancelChequeCommand } from '../commands/cancel-cheque/cancel-cheque.command';
import { ClearChequeCommand } from '../commands/clear-cheque/clear-cheque.command';
import { DepositChequeCommand } from '../commands/deposit-cheque/deposit-cheque.command';
import { RecordChequeCommand } from '../commands/record-cheque/record-cheque.command';
import { ChequesQueries } from '../queries/cheques.queries';

const Access = () => RequirePermissions(['can_see_vault_totals']);

/**
 * /Checks' API. Cheques are money on its way into or out of the bank accounts, so every read and
 * every step needs can_see_vault_totals (the route lists no permission; docs/decisions/); the
 * branch scope is core/auth/branch-scope.ts (reads: own branch unless can_see_branches; steps:
 * own branch unless admin).
 */
@ApiTags('cheques')
@Controller('Cheques')
@DocumentRoutes({
  access: Access(),
  list: ChequeListQueryDto,
  get: true,
  create: { command: RecordChequeCommand, body: ChequeCreateDto, idempotent: true, id: 'result' },
  steps: {
    deposit: { command: DepositChequeCommand, body: ChequeActionDto, idempotent: true },
    clear: { command: ClearChequeCommand, body: ChequeActionDto, idempotent: true },
    bounce: { command: BounceChequeCommand, body: ChequeActionDto, idempotent: true },
    cancel: { command: CancelChequeCommand, body: ChequeActionDto, idempotent: true },
  },
})
export class ChequesController extends DocumentController(ChequesQueries) {
  @Access()
  @Get('vaults')
  vaults(@CurrentUser() user: AuthUser) {
    return this.queries.bankVaults(user);
  }

  @Access()
  @Get('parties')
  parties(@Query() query: ChequePartyQueryDto, @CurrentUser() user: AuthUser) {
    return this.queries.parties(query, user);
  }
}
