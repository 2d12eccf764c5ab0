import { HttpStatus } from '@nestjs/common';
import { PAYMENT_METHODS } from '@pos/contracts';
import { AppException, Errors } from '../../core/errors/app.exception';
import { defineServerResource, resourceController } from '../../core/resource';
import { PaymentMethodEntity } from './entities/sales.entities';

/** /PaymentMethods: everyone signed in reads them (the POS), administrators add and edit (no delete: deactivate). */
export const paymentMethods = defineServerResource({
  descriptor: PAYMENT_METHODS,
  entity: PaymentMethodEntity,
  table: 'payment_methods',
  columns: `t.id, t.name_ar AS "nameAr", t.name_en AS "nameEn", t.type, t.active, t.sort_order AS "sortOrder",
    t.settlement_vault_id AS "settlementVaultId", sv.name AS "settlementVaultName"`,
  joins: 'LEFT JOIN vaults sv ON sv.id = t.settlement_vault_id',
  audit: { action: 'payment-method', entity: 'payment_method' },
  search: ['t.name_ar', 't.name_en'],
  sort: {
    sortOrder: 't.sort_order, t.name_ar',
    nameAr: 't.name_ar',
    nameEn: 't.name_en',
    type: 't.type',
    active: 't.active',
  },
  filters: { active: (value, bind) => `t.active = ${bind(value === 'true')}` },
  pageSize: 500,
  // Card and wallet receipts settle into a bank account (issue 15).
  check: async (tx, _id, values) => {
    if (!values.settlementVaultId) return;
    const [vault] = await tx.m.query('SELECT type FROM vaults WHERE id = $1', [
      values.settlementVaultId,
    ]);
    if (!vault) throw Errors.notFound();
    if (vault.type !== 'bank')
      throw new AppException('SETTLEMENT_NOT_BANK', HttpStatus.BAD_REQUEST);
  },
});

export const PaymentMethodsController = resourceController(paymentMethods);
