import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { loyaltyProgram } from '../services/loyalty-ledger';

/** Reads of the loyalty program and a customer's points. */
@Injectable()
export class LoyaltyQueries {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  program() {
    return loyaltyProgram(this.ds.manager);
  }

  /** The customer's points, what they are worth now, and their last 20 movements. */
  async customer(id: string) {
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
