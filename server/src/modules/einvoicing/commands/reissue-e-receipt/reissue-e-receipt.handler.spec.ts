import type { IssueEReceiptHandler } from '../../events/on-sale-events.issue-receipt.handler';
import { errorCode, testMeta, testUser } from '../../../../core/cqrs/testing';
import { runOnRow } from '../spec-fixture';
import { ReissueEReceiptCommand } from './reissue-e-receipt.command';
import { ReissueEReceiptHandler } from './reissue-e-receipt.handler';

const row = {
  id: 'r-1',
  kind: 's',
  sale_id: 'sale-1',
  return_id: null,
  branch_id: 'b-1',
  uuid: 'a'.repeat(64),
  reference_uuid: null,
  receipt_number: 'S-1',
  status: 'invalid',
  branch_name: 'Main',
  corrected: false,
};

function run(
  r: object | null,
  issued: string | null = 'new-1',
  user = testUser({ isAdmin: true }),
) {
  const calls: unknown[] = [];
  const issuer = {
    reissue: async (_tx: unknown, old: unknown) => {
      calls.push(old);
      return issued;
    },
  } as unknown as IssueEReceiptHandler;
  const { p } = runOnRow(
    /FROM e_receipts e/,
    r,
    (runner) => new ReissueEReceiptHandler(runner, issuer),
    new ReissueEReceiptCommand('r-1', user, testMeta),
  );
  return { p, calls };
}

describe('ReissueEReceiptHandler', () => {
  it('corrects an invalid receipt with a new one', async () => {
    const { p, calls } = run(row);
    expect(await p).toEqual({ id: 'new-1' });
    expect(calls).toEqual([expect.objectContaining({ uuid: 'a'.repeat(64), kind: 's' })]);
  });

  it('issues a till’s held receipt (chain_broken) anew, once', async () => {
    const { p, calls } = run({ ...row, status: 'chain_broken' });
    expect(await p).toEqual({ id: 'new-1' });
    expect(calls).toEqual([
      expect.objectContaining({ uuid: 'a'.repeat(64), status: 'chain_broken' }),
    ]);
    expect(await errorCode(run({ ...row, status: 'chain_broken', corrected: true }).p)).toBe(
      'ETA_RECEIPT_ALREADY_CORRECTED',
    );
  });

  it('refuses anything but an invalid receipt, a second correction, and other branches', async () => {
    for (const status of ['queued', 'submitted', 'valid', 'rejected', 'cancelled']) {
      const r = run({ ...row, status });
      expect(await errorCode(r.p)).toBe('ETA_RECEIPT_NOT_RETRYABLE');
      expect(r.calls).toEqual([]);
    }
    expect(await errorCode(run({ ...row, corrected: true }).p)).toBe(
      'ETA_RECEIPT_ALREADY_CORRECTED',
    );
    expect(await errorCode(run(row, 'x', testUser({ branchId: 'b-2' })).p)).toBe('NOT_FOUND');
    expect(await errorCode(run(row, null).p)).toBe('ETA_BRANCH_NOT_CONFIGURED');
  });
});
