import { checkEtaReceiptEquations, etaPaymentMethod, etaReceiptUuid } from '@pos/contracts';
import type { QueryStub } from '../../../core/cqrs/testing';
import {
  branchRow,
  company,
  completedSale as sale,
  receiptSetup,
  savedLine,
  sha,
} from './e-receipt.spec-fixture';

// The receipt's insert answers what it stored (the fake throws on SQL it has no stub for).
const STORED: QueryStub[] = [
  [/^\s*WITH r AS \(/, [{ date_time_issued: '2026-12-07T01:00:00Z', total_amount: '220.00000' }]],
];

function setup(branch: object | undefined, head = { last_uuid: 'a'.repeat(64), last_seq: 6 }) {
  return receiptSetup([
    [/FROM branches/, branch ? [branch] : []],
    [/FROM eta_company/, [company]],
    [/FROM sale_lines/, [savedLine]],
    [/FOR UPDATE/, [head]],
    ...STORED,
  ]);
}

describe('IssueEReceiptHandler', () => {
  it('with e-receipts off costs one primary-key read and writes nothing', async () => {
    const { m, tx } = setup(branchRow(false, 'P', '0'));
    await tx.raise('sale.completed', sale);
    expect(m.calls).toHaveLength(1);
    expect(tx.events).toEqual([]);
  });

  it('chains on the locked head of the serial, stores the receipt queued, wakes the worker', async () => {
    const { m, tx } = setup(branchRow());
    await tx.raise('sale.completed', sale);
    const sqls = m.calls.map((c) => c.sql);
    const lock = sqls.findIndex((s) =>
      /FROM e_receipt_chains WHERE pos_serial = \$1 FOR UPDATE/.test(s),
    );
    const insert = sqls.findIndex((s) => /INSERT INTO e_receipts/.test(s));
    expect(lock).toBeGreaterThan(-1);
    expect(insert).toBeGreaterThan(lock);
    const params = m.calls[insert].params as unknown[];
    const json = params[13] as string;
    expect(params[6]).toBe(7); // chain_seq = head + 1
    expect(params[9]).toBe('a'.repeat(64)); // previous_uuid = head
    expect(etaReceiptUuid(json, sha)).toBe(params[8]);
    expect(checkEtaReceiptEquations(json)).toEqual([]);
    const doc = JSON.parse(json);
    expect(doc.header.previousUUID).toBe('a'.repeat(64));
    expect(doc.seller).toMatchObject({
      deviceSerialNumber: 'POS-9',
      branchCode: '3',
      rin: '123456789',
    });
    expect(doc.itemData[0]).toMatchObject({
      itemType: 'EGS',
      itemCode: 'EG-123456789-SKU-1',
      unitType: 'EA',
    });
    expect(params[12]).toBe('220.00000'); // the POS total
    expect(sqls.some((s) => /pg_notify/.test(s))).toBe(true);
    expect(tx.events[0]).toMatchObject({ type: 'einvoice.status', payload: { status: 'queued' } });
    // the sale's answer carries the receipt as stored, with its QR (docs/decisions/0132)
    expect(tx.answer.eReceipt).toMatchObject({
      kind: 's',
      uuid: params[8],
      status: 'queued',
      dateTimeIssued: '2026-12-07T01:00:00Z',
      totalAmount: '220.00000',
      issuerRin: '123456789',
      branchCode: '3',
    });
    expect((tx.answer.eReceipt as { qr: string }).qr).toContain(
      `/receipts/search/${String(params[8])}/share/2026-12-07T01:00:00Z#Total:220.00000,IssuerRIN:123456789`,
    );
  });

  it('maps the tenders to the ETA code of what was paid (a split is not CC, "with contractor")', () => {
    const t = (type: string, amount: number) => ({ type, amount });
    expect(etaPaymentMethod([t('cash', 3900)])).toBe('C');
    expect(etaPaymentMethod([t('card', 1000), t('card', 2900)])).toBe('V');
    // a split cash-and-card sale: the larger part names it; a tie is V
    expect(etaPaymentMethod([t('cash', 2900), t('card', 1000)])).toBe('C');
    expect(etaPaymentMethod([t('cash', 1000), t('card', 2900)])).toBe('V');
    expect(etaPaymentMethod([t('cash', 1950), t('card', 1950)])).toBe('V');
    expect(etaPaymentMethod([t('wallet', 3900)])).toBe('O');
    // on account is no tender
    expect(etaPaymentMethod([t('credit', 3000), t('cash', 900)])).toBe('C');
    expect(etaPaymentMethod([t('installment', 3900)])).toBe('O');
  });
});
