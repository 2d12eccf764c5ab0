import { errorCode, testMeta, testUser } from '../../../../core/cqrs/testing';
import { runOnRow } from '../spec-fixture';
import { RetryEReceiptCommand } from './retry-e-receipt.command';
import { RetryEReceiptHandler } from './retry-e-receipt.handler';

const row = {
  id: 'r-1',
  branch_id: 'b-1',
  pos_serial: 'POS-1',
  status: 'queued',
  dead_letter: true,
  uuid: 'u'.repeat(64),
  receipt_number: 'S-1',
};

const run = (r: object | null, user = testUser({ isAdmin: true })) =>
  runOnRow(
    /FROM e_receipts/,
    r,
    (runner) => new RetryEReceiptHandler(runner),
    new RetryEReceiptCommand('r-1', user, testMeta),
  );

describe('RetryEReceiptHandler', () => {
  it('re-queues a dead-lettered receipt, wakes the worker and pushes the status', async () => {
    const { m, runner, p } = run(row);
    expect(await errorCode(p)).toBe('ok');
    expect(m.calls.some((c) => /UPDATE e_receipts SET status = 'queued'/.test(c.sql))).toBe(true);
    expect(m.calls.some((c) => /pg_notify/.test(c.sql))).toBe(true);
    expect(runner.tx!.events[0]).toMatchObject({
      type: 'einvoice.status',
      payload: { status: 'queued' },
    });
  });

  it('re-queues a rejected receipt', async () => {
    expect(await errorCode(run({ ...row, status: 'rejected', dead_letter: false }).p)).toBe('ok');
  });

  it('refuses valid / submitted / invalid ones (409) and other branches (404)', async () => {
    for (const status of ['valid', 'submitted', 'invalid']) {
      const r = run({ ...row, status, dead_letter: false });
      expect(await errorCode(r.p)).toBe('ETA_RECEIPT_NOT_RETRYABLE');
      expect(r.m.calls.some((c) => /^\s*UPDATE/.test(c.sql))).toBe(false);
    }
    expect(await errorCode(run(row, testUser({ branchId: 'b-2' })).p)).toBe('NOT_FOUND');
    expect(await errorCode(run(null).p)).toBe('NOT_FOUND');
  });
});
