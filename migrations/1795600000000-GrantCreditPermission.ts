import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 11: setting a customer's credit limit, and selling on account without or past one, now
 * need can_grant_credit. Roles that already manage debts and may bypass the discount cap (a branch
 * manager's role) keep doing what they did; every other role loses unlimited credit.
 */
export class GrantCreditPermission1795600000000 implements MigrationInterface {
  name = 'GrantCreditPermission1795600000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`UPDATE "roles" SET "permissions" = array_append("permissions", 'can_grant_credit')
            WHERE 'can_see_customer_depts' = ANY("permissions") AND 'can_bypass_max_discount' = ANY("permissions")
              AND NOT ('can_grant_credit' = ANY("permissions"))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE "roles" SET "permissions" = array_remove("permissions", 'can_grant_credit')`,
    );
  }
}
