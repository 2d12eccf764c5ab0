import { Body, Controller, Get, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { LoyaltyProgramDto } from '@pos/contracts';
import { ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { AuthUser } from '../../../core/auth/auth.types';
import {
  AdminOnly,
  Authenticated,
  CurrentUser,
  Meta,
  type RequestMeta,
} from '../../../core/auth/decorators';
import { SetLoyaltyProgramCommand } from '../commands/set-loyalty-program';
import { IdParam } from '../../../core/http/document-routes';
import { loyaltyProgram } from '../services/loyalty-ledger';

/**
 * /Loyalty (issue 33 item 4, docs/decisions/0091): the program and a customer's points, read by
 * any signed-in cashier (the till shows the balance when a customer is picked; redeeming is part
 * of the sale); changing the program is the admin's.
 */
@ApiTags('loyalty')
@Controller('Loyalty')
export class LoyaltyController {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly commands: CommandBus,
  ) {}

  @Get('program')
  @Authenticated()
  program() {
    return loyaltyProgram(this.ds.manager);
  }

  /**
   * Change the program (admin): a new point value revalues the points held (docs/decisions/0091).
   * No Idempotency-Key: the PUT sets absolute values under the program row's lock, and the
   * revaluation is the change from the value held, so a repeat moves nothing.
   */
  @AdminOnly()
  @Put('program')
  setProgram(
    @Body() dto: LoyaltyProgramDto,
    @CurrentUser() user: AuthUser,
    @Meta() meta: RequestMeta,
  ) {
    return this.commands.execute(new SetLoyaltyProgramCommand(dto, user, meta));
  }

  /** The customer's points, what they are worth now, and their last 20 movements. */
  @Get('customers/:id')
  @Authenticated()
  async customer(@IdParam() id: string) {
    const program = await loyaltyProgram(this.ds.manager);
    const [row] = await this.ds.query(
      'SELECT points FROM loyalty_balances WHERE customer_id = $1',
      [id],
    );
    const points = Number(row?.points ?? 0);
    const moves: Record<string, unknown>[] = await this.ds.query(
      `SELECT type, points, value, points_after AS "pointsAfter", reference_type AS "referenceType",
              reference_id AS "referenceId", created_at AS "createdAt"
         FROM loyalty_ledger WHERE customer_id = $1 ORDER BY created_at DESC, id DESC LIMIT 20`,
      [id],
    );
    return {
      enabled: program.enabled,
      points,
      value: points * program.pointValue,
      pointValue: program.pointValue,
      moves: moves.map((x) => ({
        ...x,
        points: Number(x.points),
        value: Number(x.value),
        pointsAfter: Number(x.pointsAfter),
      })),
    };
  }
}
