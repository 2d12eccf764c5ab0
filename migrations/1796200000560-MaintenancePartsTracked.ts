import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Repair parts by serial and lot (issue 34, docs/decisions/0123): `maintenance_parts.tracked`, a
 * serial-tracked part's units or a batch-tracked part's lots as they left stock (the sale line's
 * shape, SaleLineTracked), the maintenance module's; taking the part off brings them back.
 */
export class MaintenancePartsTracked1796200000560 implements MigrationInterface {
  name = 'MaintenancePartsTracked1796200000560';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "maintenance_parts" ADD COLUMN "tracked" jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "maintenance_parts" DROP COLUMN "tracked"`);
  }
}
