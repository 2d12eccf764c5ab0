import { randomUUID } from 'node:crypto';
import { Client, createTestApp, tableCounts, type TestApp } from './support/app';

// Issue 30 items 2 and 17: messages name fields by their label; dates within the stated window;
// amounts only as JSON numbers; names trimmed, non-empty and without bidi controls. Every refusal
// is a 400 that writes nothing.
describe('input rules (issue 30 items 2 and 17)', () => {
  let t: TestApp;
  let admin: Client;
  let branchId: string;
  let vaultId: string;
  let inventoryId: string;
  let variantId: string;
  let categoryId: string;
  let accounts: { id: string; systemKey: string | null }[];

  beforeAll(async () => {
    t = await createTestApp();
    admin = new Client(t.app);
    await admin.signIn('admin');
    [{ branch_id: branchId }] = await t.ds.query(
      `SELECT branch_id FROM users WHERE username = 'admin'`,
    );
    [{ id: vaultId }] = await t.ds.query(`SELECT id FROM vaults WHERE branch_id = $1 AND is_main`, [
      branchId,
    ]);
    [{ id: inventoryId }] = await t.ds.query(
      'SELECT id FROM inventories WHERE branch_id = $1 AND is_default',
      [branchId],
    );
    [{ id: variantId }] = await t.ds.query('SELECT id FROM variants LIMIT 1');
    const category = await admin.post('/api/ExpenseCategories', { name: 'فئة قواعد الإدخال' });
    expect(category.status).toBe(201);
    categoryId = category.body.id;
    accounts = (await admin.get('/api/Accounts')).body;
  });
  afterAll(async () => {
    await t.close();
  });

  const account = (key: string) => accounts.find((a) => a.systemKey === key)!.id;

  /** The call is a 400 with this message and leaves every table as it was. */
  const refused = async (call: () => Promise<{ status: number; body: { message: string } }>) => {
    const before = await tableCounts(t.ds, ['sessions', 'audit_logs']);
    const res = await call();
    expect(res.status).toBe(400);
    expect(await tableCounts(t.ds, ['sessions', 'audit_logs'])).toEqual(before);
    return res.body.message;
  };

  const NAME_REQUIRED = 'الرجاء ادخال الاسم';

  describe('item 2: messages name fields by their label', () => {
    it("names a line's field by its label and line number", async () => {
      const vendor = await admin.post('/api/Vendors', { name: 'مورد الرسائل' });
      expect(vendor.status).toBe(201);
      const message = await refused(() =>
        admin.post('/api/PurchaseInvoices', {
          vendorId: vendor.body.id,
          inventoryId,
          lines: [
            { variantId, quantity: 1, unitCost: 10_000 },
            { variantId, quantity: 'x', unitCost: 10_000 },
          ],
        }),
      );
      expect(message).toBe('الحقل "الكمية في السطر 2" يجب أن يكون رقمًا');
      const notAList = await refused(() =>
        admin.post('/api/PurchaseInvoices', { vendorId: vendor.body.id, inventoryId, lines: 'x' }),
      );
      expect(notAList).toBe('الحقل "الأصناف" يجب أن يكون قائمة');
      const noAmount = await refused(() =>
        admin.post('/api/PurchaseInvoices', {
          vendorId: vendor.body.id,
          inventoryId,
          lines: [{ variantId, quantity: 1, unitCost: 10_000 }],
          post: true,
          payment: { vaultId, amount: 0 },
        }),
      );
      expect(noAmount).toBe('الحقل "المبلغ المدفوع" أقل من المسموح');
    });

    it('says a purchase payment is more than the invoice total, with both figures', async () => {
      const vendor = await admin.post('/api/Vendors', { name: 'مورد الدفعة الزائدة' });
      const message = await refused(() =>
        admin.post('/api/PurchaseInvoices', {
          vendorId: vendor.body.id,
          inventoryId,
          lines: [{ variantId, quantity: 1, unitCost: 10_000, vatRate: 0 }],
          post: true,
          payment: { vaultId, amount: 2_000_000_000 },
        }),
      );
      expect(message).toBe('المدفوع (20,000,000.00) أكبر من إجمالي الفاتورة (100.00)');
    });

    it('says a vendor payment beyond the limit is more than what is owed to the vendor', async () => {
      const vendor = await admin.post('/api/Vendors', {
        name: 'مورد برصيد',
        openingBalance: 150_000,
      });
      expect(vendor.status).toBe(201);
      const message = await refused(() =>
        admin.post(`/api/Vendors/${vendor.body.id}/payments`, {
          id: randomUUID(),
          amount: 1_500_000_000,
          vaultId,
        }),
      );
      expect(message).toBe('المبلغ (15,000,000.00) أكبر من المستحق للمورد (1,500.00)');
    });
  });

  describe('item 17: dates, numbers and names', () => {
    const entry = (date: string) => ({
      id: randomUUID(),
      date,
      description: 'قيد بتاريخ خارج النطاق',
      lines: [
        { accountId: account('cash'), debit: 10_000 },
        { accountId: account('capital'), credit: 10_000 },
      ],
    });
    const WINDOW = 'الحقل "التاريخ" يجب أن يكون بين 2000-01-01 وسنة بعد اليوم';

    it('refuses journal and document dates outside 2000-01-01 .. a year from today', async () => {
      for (const date of ['9999-12-31', '1900-01-01']) {
        expect(await refused(() => admin.post('/api/JournalEntries', entry(date)))).toBe(WINDOW);
        const expense = await refused(() =>
          admin.agent
            .post('/api/Expenses')
            .set('X-CSRF-Token', admin.csrf)
            .field('data', JSON.stringify({ date, categoryId, vaultId, amount: 1_000 })),
        );
        expect(expense).toBe(WINDOW);
      }
      const vendor = await admin.post('/api/Vendors', { name: 'مورد التواريخ' });
      const invoice = await refused(() =>
        admin.post('/api/PurchaseInvoices', {
          vendorId: vendor.body.id,
          inventoryId,
          invoiceDate: '9999-12-31',
          lines: [{ variantId, quantity: 1, unitCost: 10_000 }],
        }),
      );
      expect(invoice).toBe('الحقل "تاريخ الفاتورة" يجب أن يكون بين 2000-01-01 وسنة بعد اليوم');
    });

    it('takes amounts only as JSON numbers: true and "100" are refused', async () => {
      for (const amount of [true, '100']) {
        const message = await refused(() =>
          admin.post('/api/MoneyTransactions', {
            type: 'deposit',
            amount,
            toVaultId: vaultId,
            reason: 'إيداع',
          }),
        );
        expect(message).toBe('المبلغ مطلوب ويجب أن يكون أكبر من صفر');
      }
      const journal = await refused(() =>
        admin.post('/api/JournalEntries', {
          ...entry(new Date().toISOString().slice(0, 10)),
          lines: [
            { accountId: account('cash'), debit: '100' },
            { accountId: account('capital'), credit: true },
          ],
        }),
      );
      expect(journal).toBe(
        'الحقل "مدين في السطر 1" يجب أن يكون عددًا صحيحًا، الحقل "دائن في السطر 2" يجب أن يكون عددًا صحيحًا',
      );
    });

    it('refuses names of spaces alone: vendor, expense category, recurring expense', async () => {
      for (const name of ['   ', '\u202E\u202C', ' \u2067 \u2069 ']) {
        expect(await refused(() => admin.post('/api/Vendors', { name }))).toBe(NAME_REQUIRED);
        expect(await refused(() => admin.post('/api/ExpenseCategories', { name }))).toBe(
          NAME_REQUIRED,
        );
        expect(
          await refused(() =>
            admin.post('/api/RecurringExpenses', {
              name,
              categoryId,
              vaultId,
              amount: 500_000,
              dayOfMonth: 1,
            }),
          ),
        ).toBe(NAME_REQUIRED);
      }
    });

    it('saves names trimmed and without bidi control characters', async () => {
      const vendor = await admin.post('/api/Vendors', {
        name: '  \u202Eمورد\u2066 ABC\u2069\u202C ',
      });
      expect(vendor.status).toBe(201);
      expect(vendor.body.name).toBe('مورد ABC');
      const [row] = await t.ds.query('SELECT name FROM vendors WHERE id = $1', [vendor.body.id]);
      expect(row.name).toBe('مورد ABC');
      const renamed = await admin.patch(`/api/Vendors/${vendor.body.id}`, {
        name: '\u202Bمورد معدل\u202C  ',
      });
      expect(renamed.status).toBe(200);
      expect(renamed.body.name).toBe('مورد معدل');
    });
  });
});
