import { balanceBranches, type PostingLine } from './posting';

const A = 'branch-a';
const B = 'branch-b';
const net = (lines: PostingLine[], branch: string | null, entry: string | null) =>
  lines
    .filter((l) => (l.branchId ?? entry) === branch)
    .reduce((s, l) => s + (l.debit ?? 0) - (l.credit ?? 0), 0);

describe('balanceBranches (the inter-branch current account)', () => {
  it('leaves an entry of one branch as it is', () => {
    const lines: PostingLine[] = [
      { account: 'cash', debit: 500 },
      { account: 'sales', credit: 500, branchId: A },
    ];
    expect(balanceBranches(lines, A)).toBe(lines);
  });

  it('gives each branch of a transfer shipment its inter-branch line, so both balance', () => {
    const lines: PostingLine[] = [
      { account: 'inventory_in_transit', debit: 36_000, branchId: B },
      { account: 'inventory', credit: 36_000 },
    ];
    const out = balanceBranches(lines, A);
    expect(out.slice(2)).toEqual([
      { account: 'inter_branch', debit: 0, credit: 36_000, branchId: B },
      { account: 'inter_branch', debit: 36_000, credit: 0, branchId: A },
    ]);
    expect([net(out, A, A), net(out, B, A)]).toEqual([0, 0]);
  });

  it('balances three branches and a line without one (the entry’s branch)', () => {
    const lines: PostingLine[] = [
      { account: 'cash', debit: 700, branchId: 'c' },
      { account: 'bank', debit: 300, branchId: B },
      { account: 'cash_in_transit', credit: 1_000 },
    ];
    const out = balanceBranches(lines, null);
    for (const b of ['c', B, null]) expect(net(out, b, null)).toBe(0);
    const total = out.reduce((s, l) => s + (l.debit ?? 0) - (l.credit ?? 0), 0);
    expect(total).toBe(0);
    expect(out.filter((l) => l.account === 'inter_branch')).toHaveLength(3);
  });
});
