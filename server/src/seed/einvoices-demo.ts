import type { DataSource } from 'typeorm';
import { uuidv7 } from '../core/database/ids';
import { buildEtaInvoice, type EtaInvoiceInput } from '@pos/contracts';

// Demo e-invoices (issue 17 item 4): a valid B2B invoice, a credit note referencing it and an
// invalid one carrying ETA's message, in the first branch, so /E-invoices and /E-invoices/{id}
// show every part without ETA credentials. Final statuses only: the worker has nothing to do.
// Idempotent by internal id. The UUIDs are demo values (ETA assigns real ones).

const issuer = {
  rin: '100200300',
  name: 'متجر العرض',
  branchId: '0',
  activityCode: '4711',
  address: {
    country: 'EG',
    governate: 'القاهرة',
    regionCity: 'وسط البلد',
    street: 'شارع طلعت حرب',
    buildingNumber: '10',
  },
};
const receiver = {
  type: 'B' as const,
  id: '200300400',
  name: 'شركة النيل للتوريدات',
  address: {
    country: 'EG',
    governate: 'الجيزة',
    regionCity: 'الدقي',
    street: 'شارع التحرير',
    buildingNumber: '5',
  },
};
const line = (quantity: string, unitValue: string, description: string) => ({
  description,
  itemType: 'EGS' as const,
  itemCode: 'EG-100200300-DEMO1',
  unitType: 'EA',
  internalCode: 'DEMO1',
  quantity,
  unitValue,
  vatRate: 14,
});

export async function seedDemoEinvoices(ds: DataSource): Promise<void> {
  const [branch] = (await ds.query('SELECT id FROM branches ORDER BY created_at LIMIT 1')) as {
    id: string;
  }[];
  if (!branch) return;
  const [done] = (await ds.query(
    `SELECT 1 FROM e_documents WHERE internal_id = 'EI-DEMO-0001'`,
  )) as unknown[];
  if (done) return;
  const day = (n: number) => new Date(Date.now() - n * 86_400_000);
  const docs: {
    internalId: string;
    input: EtaInvoiceInput;
    status: 'valid' | 'invalid';
    uuid: string;
    reference?: number;
    errors?: { code: string; message: string }[];
  }[] = [
    {
      internalId: 'EI-DEMO-0001',
      status: 'valid',
      uuid: 'DEMO0001VALIDINVOICE000000',
      input: {
        documentType: 'i',
        dateTimeIssued: day(3),
        internalID: 'EI-DEMO-0001',
        issuer,
        receiver,
        lines: [line('10', '250.00', 'شاشة عرض 24 بوصة'), line('5', '80.50', 'لوحة مفاتيح')],
      },
    },
    {
      internalId: 'EC-DEMO-0002',
      status: 'valid',
      uuid: 'DEMO0002CREDITNOTE00000000',
      reference: 0,
      input: {
        documentType: 'c',
        dateTimeIssued: day(1),
        internalID: 'EC-DEMO-0002',
        issuer,
        receiver,
        lines: [line('1', '250.00', 'شاشة عرض 24 بوصة')],
        references: ['DEMO0001VALIDINVOICE000000'],
      },
    },
    {
      internalId: 'EI-DEMO-0003',
      status: 'invalid',
      uuid: 'DEMO0003INVALIDINVOICE0000',
      errors: [{ code: 'ERR-ITEM', message: 'كود الصنف غير مسجل لدى المصلحة' }],
      input: {
        documentType: 'i',
        dateTimeIssued: day(2),
        internalID: 'EI-DEMO-0003',
        issuer,
        receiver,
        lines: [line('2', '1200.00', 'طابعة ليزر')],
      },
    },
  ];
  const ids: string[] = [];
  await ds.transaction(async (m) => {
    for (const d of docs) {
      const built = buildEtaInvoice(d.input);
      const id = uuidv7();
      ids.push(id);
      const issued = (JSON.parse(built.json) as { dateTimeIssued: string }).dateTimeIssued;
      await m.query(
        `INSERT INTO e_documents (id, document_type, branch_id, internal_id, uuid, long_id, json, status,
                                  errors, receiver_type, receiver_id, receiver_name, reference_id,
                                  total_amount, date_time_issued, submission_id, attempts,
                                  submitted_at, validated_at, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, 'B', $10, $11, $12, $13, $14, $15, 1,
                 $16, $16, $16, $16)`,
        [
          id,
          d.input.documentType,
          branch.id,
          d.internalId,
          d.uuid,
          `${d.uuid}LONGID`,
          built.json,
          d.status,
          JSON.stringify(d.errors ?? []),
          receiver.id,
          receiver.name,
          d.reference === undefined ? null : ids[d.reference],
          built.totalAmount,
          issued,
          `DEMOSUBMISSION${d.internalId}`,
          new Date(issued),
        ],
      );
    }
  });
}
