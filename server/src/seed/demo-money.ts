import type { MoneyTransactionPostedEvent } from '@pos/contracts';
import type { EntityManager } from 'typeorm';
import { uuidv7 } from '../core/database/ids';
import { branchDocumentNumber } from '../core/numbering';
import { balanceBranches, normaliseLines } from '../modules/accounting';
import { branchMainVault, createVaultAccount, moneyLines } from '../modules/cash';

type Vault = { id: string; accountId: string; branchId: string };

/**
 * Demo data of the vaults (issue 15): a bank account per branch, the owner's capital in the
 * first one (issue 30: through its vault, not a manual entry on the banks' account 1102), and a
 * month of money transactions, dated over the last 30 days, written as the commands write them (the document,
 * the movements with their running balance, the posting from the same lines as the subscriber),
 * oldest first so every balance after is right. A transfer from the second branch waits for the
 * first to confirm it. Idempotent: nothing is written when the demo's bank accounts exist.
 */
export async function seedDemoMoney(m: EntityManager, userId: string | null): Promise<void> {
  const branches: { id: string; name: string }[] = await m.query(
    'SELECT id, name FROM branches ORDER BY created_at LIMIT 2',
  );
  const [done] = await m.query(`SELECT 1 FROM vaults WHERE bank_name = 'بنك مصر' LIMIT 1`);
  if (done || !branches.length) return;
  const mains: Vault[] = [];
  const banks: Vault[] = [];
  for (const [i, b] of branches.entries()) {
    const main = await branchMainVault(m, b.id);
    mains.push({ ...main, branchId: b.id });
    const name = `بنك مصر - ${b.name}`;
    const accountId = await createVaultAccount(m, { name, type: 'bank' });
    const id = uuidv7();
    await m.query(
      `INSERT INTO vaults (id, name, type, branch_id, account_number, bank_name, account_id)
       VALUES ($1, $2, 'bank', $3, $4, 'بنك مصر', $5)`,
      [id, name, b.id, `10020030040${i + 1}`, accountId],
    );
    banks.push({ id, accountId, branchId: b.id });
  }

  const record = async (
    daysAgo: number,
    type: MoneyTransactionPostedEvent['type'],
    amount: number,
    reason: string,
    from: Vault | null,
    to: Vault | null,
    pending = false,
  ) => {
    const id = uuidv7();
    const branchId = (from ?? to)!.branchId;
    const number = await branchDocumentNumber(m, 'money', branchId);
    const at = `now() - make_interval(days => ${daysAgo}, hours => 10)`;
    const move = async (vault: Vault, signed: number, kind: string, counter: Vault | null) => {
      const [[row]] = await m.query(
        'UPDATE vaults SET balance = balance + $2 WHERE id = $1 RETURNING balance',
        [vault.id, signed],
      );
      await m.query(
        `INSERT INTO vault_movements (id, vault_id, type, amount, balance_after, source_type, source_id, source_number, counter_vault_id, branch_id, user_id, note, at)
         VALUES ($1, $2, $3, $4, $5, 'money_transaction', $6, $7, $8, $9, $10, $11, ${at})`,
        [
          uuidv7(),
          vault.id,
          kind,
          signed,
          row.balance,
          id,
          number,
          counter?.id ?? null,
          vault.branchId,
          userId,
          reason,
        ],
      );
    };
    const cross = !!from && !!to && from.branchId !== to.branchId;
    if (from) await move(from, -amount, type === 'transfer' ? 'transfer_out' : type, to);
    if (to && !pending) await move(to, amount, type === 'transfer' ? 'transfer_in' : type, from);
    await m.query(
      `INSERT INTO money_transactions (id, number, type, status, amount, from_vault_id, to_vault_id, branch_id, to_branch_id, reason, created_by, decided_by, decided_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, CASE WHEN $13 THEN ${at} END, ${at})`,
      [
        id,
        number,
        type,
        pending ? 'pending' : 'confirmed',
        amount,
        from?.id ?? null,
        to?.id ?? null,
        branchId,
        to?.branchId ?? null,
        reason,
        userId,
        cross && !pending ? userId : null,
        cross && !pending,
      ],
    );
    const event: MoneyTransactionPostedEvent = {
      transactionId: id,
      number,
      type,
      phase: 'complete',
      amount,
      fromBranchId: branchId,
      toBranchId: to?.branchId ?? null,
      fromAccountId: from?.accountId ?? null,
      toAccountId: to?.accountId ?? null,
      methodType: null,
      reason,
      userId: userId ?? '',
    };
    const phases: MoneyTransactionPostedEvent['phase'][] = cross
      ? pending
        ? ['sent']
        : ['sent', 'received']
      : ['complete'];
    for (const phase of phases) {
      const entryBranch = phase === 'received' ? to!.branchId : branchId;
      // as queuePosting writes them: each branch's part balanced on the inter-branch account
      const lines = balanceBranches(normaliseLines(moneyLines({ ...event, phase })), entryBranch);
      const entry = uuidv7();
      await m.query(
        `INSERT INTO journal_entries (id, occurred_at, branch_id, source_type, source_id, source_number, description, created_by)
         VALUES ($1, ${at}, $2, 'money_transaction', $3, $4, $5, $6)`,
        [entry, phase === 'received' ? to!.branchId : branchId, id, number, reason, userId],
      );
      await m.query(
        `INSERT INTO journal_lines (entry_id, line_no, account_id, debit, credit, branch_id)
         SELECT $1, t.n, COALESCE(t.id, a.id), t.d, t.c, COALESCE(t.b, $2)
           FROM unnest($3::text[], $4::uuid[], $5::bigint[], $6::bigint[], $7::uuid[]) WITH ORDINALITY AS t(k, id, d, c, b, n)
           LEFT JOIN accounts a ON a.system_key = t.k`,
        [
          entry,
          phase === 'received' ? to!.branchId : branchId,
          lines.map((l) => (typeof l.account === 'string' ? l.account : null)),
          lines.map((l) => (typeof l.account === 'string' ? null : l.account.id)),
          lines.map((l) => l.debit ?? 0),
          lines.map((l) => l.credit ?? 0),
          lines.map((l) => l.branchId ?? null),
        ],
      );
    }
  };

  // The owner's capital, deposited in the first branch's bank account two months ago.
  await record(60, 'capital_in', 50_000_000, 'رأس المال المودع في البنك', null, banks[0]);
  for (let day = 30; day >= 1; day--) {
    for (const [i, main] of mains.entries()) {
      const bank = banks[i];
      if (day === 30)
        await record(day, 'capital_in', 15_000_000, 'رأس مال تشغيل الفرع', null, main);
      if (day % 3 === 0)
        await record(day, 'transfer', 200_000 + i * 50_000, 'إيداع النقدية بالبنك', main, bank);
      if (day % 5 === 0) await record(day, 'withdrawal', 30_000, 'نثريات ومواصلات', main, null);
      if (day % 7 === 0) await record(day, 'deposit', 15_000, 'بيع كراتين فارغة', null, main);
      if (day === 15)
        await record(day, 'drawings_out', 200_000, 'مسحوبات شخصية للمالك', bank, null);
    }
    if (day === 10 && mains[1])
      await record(day, 'transfer', 500_000, 'دعم نقدية الفرع', mains[0], mains[1]);
  }
  if (mains[1]) await record(0, 'transfer', 100_000, 'إرجاع فائض نقدية', mains[1], mains[0], true);
}
