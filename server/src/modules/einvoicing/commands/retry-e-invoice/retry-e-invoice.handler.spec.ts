import { errorCode, testMeta, testUser } from '../../../../core/cqrs/testing';
import { runOnRow } from '../spec-fixture';
import { RetryEInvoiceCommand } from './retry-e-invoice.command';
import { RetryEInvoiceHandler } from './retry-e-invoice.handler';

const row = {
  id: 'd-1',
  branch_id: 'b-1',
  status: 'queued',
  dead_letter: true,
  internal_id: 'EI-000001',
};

const run = (r: object | null, user = testUser({ isAdmin: true })) =>
  runOnRow(
    /FROM e_documents/,
    r,
    (runner) => new RetryEInvoiceHandler(runner),
    new RetryEInvoiceCommand('d-1', user, testMeta),
  );

describe('RetryEInvoiceHandler', () => {
  it('re-queues a dead-lettered or rejected document and wakes the worker', async () => {
    for (const r of [row, { ...row, status: 'rejected', dead_letter: false }]) {
      const { m, runner, p } = run(r);
      expect(await errorCode(p)).toBe('ok');
      expect(m.calls.some((c) => /UPDATE e_documents SET status = 'queued'/.test(c.sql))).toBe(
        true,
      );
      expect(m.calls.some((c) => /pg_notify/.test(c.sql))).toBe(true);
      expect(runner.tx!.events[0]).toMatchObject({
        payload: { status: 'queued', kind: 'invoice' },
      });
    }
  });

  it('refuses valid, submitted and invalid documents (409) and other branches (404)', async () => {
    for (const status of ['valid', 'submitted', 'invalid']) {
      const r = run({ ...row, status, dead_letter: false });
      expect(await errorCode(r.p)).toBe('ETA_INVOICE_STATE');
    }
    expect(await errorCode(run(row, testUser({ branchId: 'b-2' })).p)).toBe('NOT_FOUND');
  });
});
