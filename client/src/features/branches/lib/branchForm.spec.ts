import type { BranchResponseDto } from '@pos/contracts';
import { BRANCH_TEXT_FIELDS, initialBranchForm, toBranchPayload } from './branchForm';

const stored: BranchResponseDto = {
  id: '01a2019f-8136-72d5-b2ac-e16547411918',
  name: 'فرع وسط البلد',
  location: '12 شارع طلعت حرب',
  phoneNumber: '0223901234',
  secondPhoneNumber: null,
  recepitInfo: null,
  logo: '/api/files/abc',
  receiptFooterImage: null,
  taxBranchNumber: '0',
  taxNumber: '123456789',
  activityCode: '4711',
  taxType: 'B',
  invoiceClientId: 'client-id',
  receiptClientId: null,
  receiptPosSerial: null,
  receiptsOsVersion: null,
  hasInvoiceClientSecret: true,
  hasReceiptClientSecret: false,
  eReceiptsEnabled: false,
  createdAt: '2026-11-22T05:00:00.000Z',
};

describe('branch form model', () => {
  it('covers every spec field, recepitInfo spelt so', () => {
    const payload = toBranchPayload(initialBranchForm(null), false);
    expect(Object.keys(payload).sort()).toEqual(
      [
        ...BRANCH_TEXT_FIELDS,
        'taxType',
        'logo',
        'receiptFooterImage',
        'invoiceClientSecret',
        'receiptClientSecret',
      ].sort(),
    );
    expect(payload).toHaveProperty('recepitInfo', null);
  });

  it('sends empty optional text as null and trims the name', () => {
    const form = { ...initialBranchForm(null), name: '  فرع جديد ', location: '   ' };
    const payload = toBranchPayload(form, false);
    expect(payload.name).toBe('فرع جديد');
    expect(payload.location).toBeNull();
    expect(payload.taxType).toBeNull();
  });

  it('never shows a stored secret and keeps it when the field is left empty', () => {
    const form = initialBranchForm(stored);
    expect(form.invoiceClientSecret).toBe('');
    expect(form.name).toBe('فرع وسط البلد');
    expect(form.taxType).toBe('B');
    const payload = toBranchPayload(form, true);
    expect(payload).not.toHaveProperty('invoiceClientSecret');
    expect(payload).not.toHaveProperty('receiptClientSecret');
    expect(payload.logo).toBe('/api/files/abc');
  });

  it('replaces a secret only when a new one is typed', () => {
    const form = { ...initialBranchForm(stored), invoiceClientSecret: 'new-secret' };
    const payload = toBranchPayload(form, true);
    expect(payload.invoiceClientSecret).toBe('new-secret');
    expect(payload).not.toHaveProperty('receiptClientSecret');
  });
});
