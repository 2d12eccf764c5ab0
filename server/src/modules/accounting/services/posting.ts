import type { JournalSourceType } from '@pos/contracts';
import { uuidv7 } from '../../../core/database/ids';
import type { CommandTransaction } from '../../../core/cqrs';

/** The chart's system accounts (seeded by the CreateAccounting and AddInventoryPostingAccounts migrations, never deleted). */
export type SystemAccount =
  | 'cash'
  | 'bank'
  | 'card_clearing'
  | 'wallet_clearing'
  | 'cheques_receivable'
  | 'customers'
  | 'inventory'
  | 'inventory_in_transit'
  | 'vat_input'
  | 'vendors'
  | 'vat_output'
  | 'customer_deposits'
  | 'cheques_payable'
  | 'capital'
  | 'drawings'
  | 'retained_earnings'
  | 'opening_balances'
  | 'sales'
  | 'sales_returns'
  | 'sales_discounts_promotions'
  | 'other_income'
  | 'cogs'
  | 'shrinkage'
  | 'inventory_revaluation'
  | 'cash_over_short'
  | 'cash_in_transit'
  | 'other_cash_payments'
  | 'installment_income'
  | 'late_fee_income'
  | 'repair_revenue'
  | 'repair_costs'
  | 'driver_cash'
  | 'cod_receivable'
  | 'inter_branch'
  | 'gift_card_liability'
  | 'loyalty_liability'
  | 'loyalty_expense'
  | 'other_cash_payments';

export type Party = { type: 'customer' | 'vendor'; id: string };

/** One side of a posting: a system account by key, or any account by id. Amounts in piasters. */
export type PostingLine = {
  account: SystemAccount | { id: string };
  debit?: number;
  credit?: number;
  branchId?: string | null;
  party?: Party | null;
  memo?: string | null;
};

export type Posting = {
  /** the entry's id (a manual entry's client id); a new one when left out */
  id?: string;
  branchId: string | null;
  /** the document posted; its type one of JOURNAL_SOURCE_TYPES (the journal filters by it) */
  source: { type: JournalSourceType; id: string; number?: string | null } | null;
  description?: string | null;
  reference?: string | null;
  createdBy?: string | null;
  /** the day the entry takes effect (its start in the store's time zone); now when left out */
  occurredAt?: { date: string; timeZone: string } | null;
  reverses?: string | null;
  lines: PostingLine[];
};

/** Where money received or paid by a payment method of this type sits in the books. */
export function paymentAccount(type: string): SystemAccount {
  switch (type) {
    case 'cash':
      return 'cash';
    case 'card':
      return 'card_clearing';
    case 'wallet':
      return 'wallet_clearing';
    case 'credit':
    case 'installment':
      return 'customers';
    // Spending a gift card or store credit lowers what the cards hold; refunding to one raises it.
    case 'gift_card':
      return 'gift_card_liability';
    // Redeeming loyalty points lowers the points owed (issue 33 item 4).
    case 'loyalty':
      return 'loyalty_liability';
    default:
      return 'bank';
  }
}

/** Drops zero lines and turns negative amounts into the other side. */
export function normaliseLines(lines: PostingLine[]): PostingLine[] {
  const out: PostingLine[] = [];
  for (const line of lines) {
    const net = (line.debit ?? 0) - (line.credit ?? 0);
    if (!Number.isSafeInteger(net))
      throw new Error(`posting amount is not an integer of piasters: ${net}`);
    if (net === 0) continue;
    out.push({ ...line, debit: net > 0 ? net : 0, credit: net < 0 ? -net : 0 });
  }
  return out;
}

/**
 * The lines that make each branch's part of an entry balance on its own: an entry whose lines sit
 * in more than one branch (a transfer shipped from one branch into the other's transit account,
 * cash sent from one branch's vault and received in another's) gets, per branch left unbalanced,
 * a line on the inter-branch current account (جاري الفروع) for the difference. Each branch's
 * trial balance then balances, and the account nets to zero over the company. A line without a
 * branch belongs to the entry's branch (as journal_lines stores it).
 */
export function balanceBranches(lines: PostingLine[], entryBranch: string | null): PostingLine[] {
  const net = new Map<string | null, number>();
  for (const l of lines) {
    const branch = l.branchId ?? entryBranch;
    net.set(branch, (net.get(branch) ?? 0) + (l.debit ?? 0) - (l.credit ?? 0));
  }
  const off = [...net].filter(([, n]) => n !== 0);
  if (!off.length) return lines;
  return [
    ...lines,
    ...off.map(([branchId, n]): PostingLine => ({
      account: 'inter_branch',
      debit: n < 0 ? -n : 0,
      credit: n > 0 ? n : 0,
      branchId,
    })),
  ];
}

/**
 * Queues a journal entry in the command's transaction: the entry and its lines ride in the
 * command's final statement (two data-modifying CTEs), so a sale's posting costs no round trip.
 * The entry must balance (checked here, and again by the database's trigger); nothing is queued
 * when every line is zero. Returns the entry's id, or null when there was nothing to post.
 */
export function queuePosting(tx: CommandTransaction, posting: Posting): string | null {
  const given = normaliseLines(posting.lines);
  if (!given.length) return null;
  const debit = given.reduce((s, l) => s + (l.debit ?? 0), 0);
  const credit = given.reduce((s, l) => s + (l.credit ?? 0), 0);
  if (debit !== credit)
    throw new Error(
      `unbalanced posting for ${posting.source?.type ?? 'manual'}: ${debit} ≠ ${credit}`,
    );
  const lines = balanceBranches(given, posting.branchId);
  const id = posting.id ?? uuidv7();
  tx.write(
    (
      bind,
    ) => `INSERT INTO journal_entries (id, occurred_at, branch_id, source_type, source_id, source_number, description, reference, reverses_id, created_by)
       VALUES (${bind(id)}::uuid, COALESCE((${bind(posting.occurredAt?.date ?? null)}::date)::timestamp AT TIME ZONE ${bind(posting.occurredAt?.timeZone ?? 'UTC')}::text, now()), ${bind(posting.branchId)}::uuid,
               ${bind(posting.source?.type ?? null)}::text, ${bind(posting.source?.id ?? null)}::uuid, ${bind(posting.source?.number ?? null)}::text,
               ${bind(posting.description ?? null)}::text, ${bind(posting.reference ?? null)}::text, ${bind(posting.reverses ?? null)}::uuid,
               ${bind(posting.createdBy ?? null)}::uuid)`,
  );
  const col = <T>(f: (l: PostingLine) => T) => lines.map(f);
  tx.write(
    (
      bind,
    ) => `INSERT INTO journal_lines (entry_id, line_no, account_id, debit, credit, branch_id, party_type, party_id, memo)
       SELECT ${bind(id)}::uuid, t.n, a.id, t.debit, t.credit, COALESCE(t.branch_id, ${bind(posting.branchId)}::uuid), t.party_type, t.party_id, t.memo
         FROM unnest(${bind(col((l) => (typeof l.account === 'string' ? l.account : null)))}::text[],
                     ${bind(col((l) => (typeof l.account === 'string' ? null : l.account.id)))}::uuid[],
                     ${bind(col((l) => l.debit))}::bigint[], ${bind(col((l) => l.credit))}::bigint[],
                     ${bind(col((l) => l.branchId ?? null))}::uuid[], ${bind(col((l) => l.party?.type ?? null))}::text[],
                     ${bind(col((l) => l.party?.id ?? null))}::uuid[], ${bind(col((l) => l.memo ?? null))}::text[])
              WITH ORDINALITY AS t(account_key, account_id, debit, credit, branch_id, party_type, party_id, memo, n)
         JOIN accounts a ON a.id = t.account_id OR (t.account_id IS NULL AND a.system_key = t.account_key)`,
  );
  return id;
}
