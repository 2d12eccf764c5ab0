import { errorCode, testMeta, testUser } from '../../../../core/cqrs/testing';
import { runOnRow } from '../spec-fixture';
import { ChangeEInvoiceStateCommand } from './change-e-invoice-state.command';
import { ChangeEInvoiceStateHandler } from './change-e-invoice-state.handler';

const row = {
  id: 'd-1',
  branch_id: 'b-1',
  status: 'valid',
  uuid: 'ETAUUID',
  internal_id: 'EI-000001',
  state_request: null,
};

const run = (r: object | null, user = testUser({ isAdmin: true }), reason = ' خطأ في السعر ') =>
  runOnRow(
    /FROM e_documents/,
    r,
    (runner) => new ChangeEInvoiceStateHandler(runner),
    new ChangeEInvoiceStateCommand('d-1', { status: 'cancelled', reason }, user, testMeta),
  );

describe('ChangeEInvoiceStateHandler', () => {
  it('records the cancel request with its trimmed reason and wakes the worker', async () => {
    const { m, runner, p } = run(row);
    expect(await errorCode(p)).toBe('ok');
    const update = m.calls.find((c) => /UPDATE e_documents SET state_request/.test(c.sql));
    expect(update?.params).toEqual(['d-1', 'cancelled', 'خطأ في السعر']);
    expect(m.calls.some((c) => /pg_notify/.test(c.sql))).toBe(true);
    expect(runner.tx!.events[0]).toMatchObject({
      type: 'einvoice.status',
      payload: { kind: 'invoice', documentId: 'd-1' },
    });
  });

  it('refuses a document not valid, without a UUID or with a pending request (409)', async () => {
    for (const r of [
      { ...row, status: 'submitted' },
      { ...row, status: 'cancelled' },
      { ...row, uuid: null },
      { ...row, state_request: 'rejected' },
    ]) {
      const x = run(r);
      expect(await errorCode(x.p)).toBe('ETA_INVOICE_STATE');
      expect(x.m.calls.some((c) => /^\s*UPDATE/.test(c.sql))).toBe(false);
    }
  });

  it("hides another branch's document (404)", async () => {
    expect(await errorCode(run(row, testUser({ branchId: 'b-2' })).p)).toBe('NOT_FOUND');
    expect(await errorCode(run(null).p)).toBe('NOT_FOUND');
  });
});
