import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { getMetadataStorage } from 'class-validator';
import { FIELD_LABELS, fieldLabel, translateValidation } from './messages';
import { LOCALES } from './locale';

// Issue 30 item 2: validation messages name a field by its label, never by its key.

/** Every class of libs/contracts/src/dto that carries class-validator rules, with its properties. */
function dtoProperties(): { dto: string; property: string }[] {
  const dir = join(__dirname, '..', 'dto');
  const out: { dto: string; property: string }[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'))) {
    // Every file of dto/, those added later too.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mod = require(join(dir, file)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      if (typeof value !== 'function') continue;
      const rules = getMetadataStorage().getTargetValidationMetadatas(
        value as new () => object,
        '',
        true,
        false,
      );
      for (const property of new Set(rules.map((r) => r.propertyName)))
        out.push({ dto: `${file}: ${name}`, property });
    }
  }
  return out;
}

describe('field labels', () => {
  it('gives every property of every DTO a label in Arabic and in English', () => {
    const properties = dtoProperties();
    expect(properties.length).toBeGreaterThan(500);
    const missing = properties.flatMap(({ dto, property }) =>
      LOCALES.filter((locale) => !FIELD_LABELS[locale][`field.${property}`]).map(
        (locale) => `${dto}.${property} (${locale})`,
      ),
    );
    expect(missing).toEqual([]);
  });

  it('names nested fields by their label and their place', () => {
    expect(fieldLabel('ar', 'payment.amount')).toBe('المبلغ المدفوع');
    expect(fieldLabel('en', 'payment.amount')).toBe('Amount paid');
    expect(fieldLabel('ar', 'lines.2.quantity')).toBe('الكمية في السطر 3');
    expect(fieldLabel('ar', 'lines[2].quantity')).toBe('الكمية في السطر 3');
    expect(fieldLabel('en', 'lines.0.unitCost')).toBe('Unit cost on line 1');
    expect(fieldLabel('ar', 'lines')).toBe('الأصناف');
    expect(fieldLabel('ar', 'lines.4')).toBe('السطر 5');
    expect(fieldLabel('ar', 'guarantors.1.nationalId')).toBe('الرقم القومي في الضامن 2');
    expect(fieldLabel('ar', 'receiver.address.street')).toBe('الشارع (العنوان) (المستلم)');
    // A key no DTO has (what an unknown field is called) stays as sent.
    expect(fieldLabel('ar', 'hack')).toBe('hack');
  });

  it('puts the label in the message, and keeps an unknown field as the client sent it', () => {
    expect(
      translateValidation('ar', 'validation.limit.documentTotal', { field: 'payment.amount' }),
    ).toBe('الحقل "المبلغ المدفوع" أكبر من الحد المسموح للمبلغ (10,000,000 جنيه)');
    expect(translateValidation('ar', 'validation.constraint.default', { field: 'lines' })).toBe(
      'قيمة الحقل "الأصناف" غير صحيحة',
    );
    expect(translateValidation('ar', 'validation.unknownField', { field: 'amount' })).toBe(
      'الحقل "amount" غير مسموح به',
    );
  });
});
