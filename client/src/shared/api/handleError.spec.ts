import i18n from 'i18next';
import { validate } from 'class-validator';
import { plainToInstance } from 'class-transformer';
import { PurchaseInvoiceCreateDto } from '@pos/contracts';
import { normalizeError } from './handleError';
import './validationMessages';

jest.mock('../ui/toast', () => ({ toast: { error: jest.fn() } }));

// Issue 30 item 2: class-validator errors read with the fields' labels, as the server's do.
describe('normalizeError on class-validator errors', () => {
  const errorsOf = (body: object) =>
    validate(plainToInstance(PurchaseInvoiceCreateDto, body), { forbidUnknownValues: true });
  const body = {
    vendorId: '5f4d3c2b-1a09-4876-9543-210fedcba987',
    inventoryId: '5f4d3c2b-1a09-4876-9543-210fedcba988',
    lines: [
      { variantId: '5f4d3c2b-1a09-4876-9543-210fedcba989', quantity: 1, unitCost: 100 },
      { variantId: '5f4d3c2b-1a09-4876-9543-210fedcba989', quantity: 'x', unitCost: 100 },
    ],
    payment: { vaultId: '5f4d3c2b-1a09-4876-9543-210fedcba980', amount: 0 },
  };

  it('names nested fields by label in Arabic', async () => {
    await i18n.init({ lng: 'ar', resources: {} });
    const message = normalizeError(await errorsOf(body)).message;
    expect(message).toBe(
      'الحقل "المبلغ المدفوع" أقل من المسموح، الحقل "الكمية في السطر 2" يجب أن يكون رقمًا',
    );
    expect(message).not.toMatch(/quantity|payment|amount/);
  });

  it('and in English', async () => {
    await i18n.changeLanguage('en');
    const message = normalizeError(await errorsOf(body)).message;
    expect(message).toBe(
      '"Amount paid" is below the minimum; "Quantity on line 2" must be a number',
    );
  });
});
