import { Controller, Get, Put } from '@nestjs/common';
import { LoyaltyProgramDto } from '@pos/contracts';
import { ApiTags } from '@nestjs/swagger';
import { AdminOnly, Authenticated } from '../../../core/auth/decorators';
import { DocumentController, DocumentRoutes, IdParam } from '../../../core/http/document-routes';
import { SetLoyaltyProgramCommand } from '../commands/set-loyalty-program/set-loyalty-program.command';
import { LoyaltyQueries } from '../queries/loyalty.queries';

/**
 * /Loyalty (issue 33 item 4, docs/decisions/0091): the program and a customer's points, read by
 * any signed-in cashier (the till shows the balance when a customer is picked; redeeming is part
 * of the sale); changing the program is the admin's.
 */
@ApiTags('loyalty')
@Controller('Loyalty')
@DocumentRoutes({
  commands: {
    /**
     * Change the program (admin): a new point value revalues the points held (docs/decisions/0091).
     * No Idempotency-Key: the PUT sets absolute values under the program row's lock, and the
     * revaluation is the change from the value held, so a repeat moves nothing.
     */
    setProgram: {
      route: Put('program'),
      command: SetLoyaltyProgramCommand,
      body: LoyaltyProgramDto,
      access: AdminOnly(),
    },
  },
})
export class LoyaltyController extends DocumentController(LoyaltyQueries) {
  @Get('program')
  @Authenticated()
  program() {
    return this.queries.program();
  }

  /** The customer's points, what they are worth now, and their last 20 movements. */
  @Get('customers/:id')
  @Authenticated()
  customer(@IdParam() id: string) {
    return this.queries.customer(id);
  }
}
