import { PAYMENT_METHODS } from '@pos/contracts';
import { defineServerResource, resourceController } from '../../core/resource';
import { PaymentMethodEntity } from './entities/sales.entities';

/** /PaymentMethods: everyone signed in reads them (the POS), administrators add and edit (no delete: deactivate). */
export const paymentMethods = defineServerResource({
  descriptor: PAYMENT_METHODS,
  entity: PaymentMethodEntity,
  table: 'payment_methods',
  columns: `t.id, t.name_ar AS "nameAr", t.name_en AS "nameEn", t.type, t.active, t.sort_order AS "sortOrder"`,
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
});

export const PaymentMethodsController = resourceController(paymentMethods);
