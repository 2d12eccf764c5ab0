import { randomUUID } from 'node:crypto';
import { withLuhnDigit } from '@pos/contracts';
import { Client, createTestApp, type TestApp } from './app';
import { ownerMoney } from './money';

/**
 * The serial and batch suites' start (issue 34): the app, the admin signed in, the admin's branch
 * and its default inventory, money in the branch's main cash vault, and a vendor to buy from.
 */
export async function trackingWorld(vendorLabel: string): Promise<{
  t: TestApp;
  admin: Client;
  b1: string;
  inv1: string;
  vendorId: string;
  vendorName: string;
}> {
  const t = await createTestApp();
  const admin = new Client(t.app);
  await admin.signIn('admin');
  const [{ branch_id: b1 }] = await t.ds.query(
    `SELECT branch_id FROM users WHERE username = 'admin'`,
  );
  const [{ id: inv1 }] = await t.ds.query(
    'SELECT id FROM inventories WHERE branch_id = $1 AND is_default',
    [b1],
  );
  const [vault] = await t.ds.query(
    `SELECT id FROM vaults WHERE branch_id = $1 AND is_main AND type = 'cash'`,
    [b1],
  );
  await ownerMoney(t, vault.id, 10_000_000);
  const vendorId = randomUUID();
  const vendorName = `${vendorLabel} ${vendorId.slice(0, 6)}`;
  await t.ds.query(
    `INSERT INTO vendors (id, name, search_text, payment_terms_days) VALUES ($1, $2, $2, 30)`,
    [vendorId, vendorName],
  );
  return { t, admin, b1, inv1, vendorId, vendorName };
}

/** Fresh IMEIs starting with `lead` (the test's own body, the Luhn digit appended). */
export function imeiMaker(lead: string): () => string {
  let seq = 0;
  return () =>
    withLuhnDigit(
      `${lead}${String(Date.now() % 1e6).padStart(6, '0')}${String(++seq).padStart(6, '0')}`,
    );
}
