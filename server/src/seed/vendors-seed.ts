import type { EntityManager } from 'typeorm';
import { uuidv7 } from '../core/database/ids';
import { branchMainVault, moveVault } from '../modules/cash';
import { lockVendor, postVendorLedger, vendorSearchText } from '../modules/purchasing';

// Demo vendors (issue 14): five suppliers with opening balances and a few payments from the first
// branch's main vault, each with its ledger row, vault movement and journal entry as the commands
// leave them (the purchase history comes with the purchase invoices' own demo step).

const VENDORS: {
  name: string;
  phones: string[];
  address: string;
  taxNumber: string | null;
  terms: number;
  opening: number;
  payments: number[];
}[] = [
  {
    name: 'شركة النيل للملابس الجاهزة',
    phones: ['0223456789', '01001112233'],
    address: 'العتبة، القاهرة',
    taxNumber: '200-145-332',
    terms: 30,
    opening: 4_500_000,
    payments: [1_000_000, 500_000],
  },
  {
    name: 'مؤسسة الأمل للأحذية',
    phones: ['01112223344'],
    address: 'المنشية، الإسكندرية',
    taxNumber: '311-902-118',
    terms: 45,
    opening: 2_750_000,
    payments: [750_000],
  },
  {
    name: 'الدلتا للإلكترونيات',
    phones: ['0403334455'],
    address: 'طنطا، الغربية',
    taxNumber: '415-227-640',
    terms: 60,
    opening: 8_200_000,
    payments: [2_000_000],
  },
  {
    name: 'مخازن الهدى للمواد الغذائية',
    phones: ['01223334455'],
    address: 'العبور، القليوبية',
    taxNumber: null,
    terms: 15,
    opening: 1_250_000,
    payments: [],
  },
  {
    name: 'مصنع السلام للمنسوجات',
    phones: ['0552223344'],
    address: 'العاشر من رمضان، الشرقية',
    taxNumber: '520-613-907',
    terms: 0,
    opening: 0,
    payments: [],
  },
];

/** One balanced entry written directly (the seed runs without the app's command runner). */
async function journal(
  m: EntityManager,
  entry: { branchId: string; sourceType: string; sourceId: string; number: string | null },
  lines: { account: string; debit: number; credit: number; vendorId?: string }[],
): Promise<void> {
  const id = uuidv7();
  await m.query(
    `INSERT INTO journal_entries (id, occurred_at, branch_id, source_type, source_id, source_number)
     VALUES ($1, now(), $2, $3, $4, $5)`,
    [id, entry.branchId, entry.sourceType, entry.sourceId, entry.number],
  );
  await m.query(
    `INSERT INTO journal_lines (entry_id, line_no, account_id, debit, credit, branch_id, party_type, party_id)
     SELECT $1, t.n, a.id, t.d, t.c, $2, CASE WHEN t.v IS NULL THEN NULL ELSE 'vendor' END, t.v
       FROM unnest($3::text[], $4::bigint[], $5::bigint[], $6::uuid[]) WITH ORDINALITY AS t(k, d, c, v, n)
       JOIN accounts a ON a.system_key = t.k OR a.id::text = t.k`,
    [
      id,
      entry.branchId,
      lines.map((l) => l.account),
      lines.map((l) => l.debit),
      lines.map((l) => l.credit),
      lines.map((l) => l.vendorId ?? null),
    ],
  );
}

export async function seedDemoVendors(m: EntityManager): Promise<void> {
  await m.query('SELECT pg_advisory_xact_lock(424251)');
  const [branch] = await m.query(
    `SELECT b.id, b.code FROM branches b ORDER BY b.created_at LIMIT 1`,
  );
  const [admin] = await m.query(`SELECT id FROM users WHERE username = 'admin'`);
  const vault = await branchMainVault(m, branch.id);
  for (const v of VENDORS) {
    const [exists] = await m.query('SELECT 1 FROM vendors WHERE name = $1', [v.name]);
    if (exists) continue;
    const id = uuidv7();
    await m.query(
      `INSERT INTO vendors (id, name, phones, address, tax_number, opening_balance, payment_terms_days, search_text)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [
        id,
        v.name,
        v.phones,
        v.address,
        v.taxNumber,
        v.opening,
        v.terms,
        vendorSearchText({ name: v.name, phones: v.phones, taxNumber: v.taxNumber }),
      ],
    );
    await lockVendor(m, id);
    if (v.opening) {
      await postVendorLedger(m, {
        vendorId: id,
        type: 'opening',
        amount: v.opening,
        referenceType: 'vendor_opening',
        referenceId: id,
        branchId: branch.id,
        userId: admin?.id ?? null,
      });
      await journal(
        m,
        { branchId: branch.id, sourceType: 'vendor_opening', sourceId: id, number: null },
        [
          { account: 'opening_balances', debit: v.opening, credit: 0 },
          { account: 'vendors', debit: 0, credit: v.opening, vendorId: id },
        ],
      );
    }
    for (const amount of v.payments) {
      // The owner puts the cash for the payment into the vault first (capital in).
      const deposit = await moveVault(m, {
        vaultId: vault.id,
        type: 'deposit',
        amount,
        userId: admin?.id ?? null,
        note: 'demo',
      });
      await journal(
        m,
        { branchId: branch.id, sourceType: 'manual', sourceId: uuidv7(), number: null },
        [
          { account: deposit.accountId, debit: amount, credit: 0 },
          { account: 'capital', debit: 0, credit: amount },
        ],
      );
      const paymentId = uuidv7();
      const [{ last }] = await m.query(
        `INSERT INTO document_sequences (key, last) VALUES ($1, 1)
         ON CONFLICT (key) DO UPDATE SET last = document_sequences.last + 1 RETURNING last`,
        [`vendor_payment:${branch.id}`],
      );
      const number = `${branch.code}-VP-${String(last).padStart(6, '0')}`;
      const balanceAfter = await postVendorLedger(m, {
        vendorId: id,
        type: 'payment',
        amount: -amount,
        referenceType: 'vendor_payment',
        referenceId: paymentId,
        referenceNumber: number,
        vaultId: vault.id,
        branchId: branch.id,
        userId: admin?.id ?? null,
      });
      await m.query(
        `INSERT INTO vendor_payments (id, number, vendor_id, vault_id, branch_id, amount, allocated, balance_after, user_id)
         VALUES ($1, $2, $3, $4, $5, $6, 0, $7, $8)`,
        [paymentId, number, id, vault.id, branch.id, amount, balanceAfter, admin?.id ?? null],
      );
      const paid = await moveVault(m, {
        vaultId: vault.id,
        type: 'vendor_payment',
        amount: -amount,
        sourceType: 'vendor_payment',
        sourceId: paymentId,
        sourceNumber: number,
        userId: admin?.id ?? null,
        note: v.name,
      });
      await journal(
        m,
        { branchId: branch.id, sourceType: 'vendor_payment', sourceId: paymentId, number },
        [
          { account: 'vendors', debit: amount, credit: 0, vendorId: id },
          { account: paid.accountId, debit: 0, credit: amount },
        ],
      );
    }
  }
  // Cash for the shop's next payments to its vendors (capital in), once.
  const [funded] = await m.query(
    `SELECT 1 FROM vault_movements WHERE vault_id = $1 AND source_type = 'demo_vendor_fund'`,
    [vault.id],
  );
  if (!funded) {
    const sourceId = uuidv7();
    const moved = await moveVault(m, {
      vaultId: vault.id,
      type: 'deposit',
      amount: 5_000_000,
      sourceType: 'demo_vendor_fund',
      sourceId,
      userId: admin?.id ?? null,
      note: 'demo',
    });
    await journal(m, { branchId: branch.id, sourceType: 'manual', sourceId, number: null }, [
      { account: moved.accountId, debit: 5_000_000, credit: 0 },
      { account: 'capital', debit: 0, credit: 5_000_000 },
    ]);
  }
}
