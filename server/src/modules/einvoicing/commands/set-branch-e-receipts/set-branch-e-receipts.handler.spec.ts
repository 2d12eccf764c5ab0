import {
  errorCode,
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
} from '../../../../core/cqrs/testing';
import { SetBranchEReceiptsCommand } from './set-branch-e-receipts.command';
import { SetBranchEReceiptsHandler } from './set-branch-e-receipts.handler';

const branch = {
  name: 'Main',
  e_receipts_enabled: false,
  receipt_pos_serial: 'POS-1',
  receipt_client_id: 'id',
  receipt_client_secret: 'enc',
};

function run(on: boolean, b: object = branch, company = true, user = testUser({ isAdmin: true })) {
  const m = fakeManager([
    [/FROM branches/, [b]],
    [/FROM eta_company/, company ? [{ '?column?': 1 }] : []],
  ]);
  const p = new SetBranchEReceiptsHandler(fakeRunner(m)).execute(
    new SetBranchEReceiptsCommand('b-1', { eReceiptsEnabled: on }, user, testMeta),
  );
  return { m, p };
}

describe('SetBranchEReceiptsHandler', () => {
  it('turns e-receipts on for a configured branch', async () => {
    const { m, p } = run(true);
    expect(await errorCode(p)).toBe('ok');
    expect(m.calls.find((c) => /UPDATE branches/.test(c.sql))!.params).toEqual(['b-1', true]);
  });

  it('refuses without company info or without the POS serial and credentials', async () => {
    expect(await errorCode(run(true, branch, false).p)).toBe('ETA_COMPANY_INFO_REQUIRED');
    const r = run(true, { ...branch, receipt_client_secret: null });
    expect(await errorCode(r.p)).toBe('ETA_BRANCH_NOT_CONFIGURED');
    expect(r.m.calls.some((c) => /^\s*UPDATE/.test(c.sql))).toBe(false);
  });

  it("refuses another branch's switch to a non-administrator; turning off needs no config", async () => {
    const other = run(false, branch, true, testUser({ branchId: 'b-2' }));
    expect(await errorCode(other.p)).toBe('FORBIDDEN');
    expect(await errorCode(run(false, { ...branch, receipt_pos_serial: null }, false).p)).toBe(
      'ok',
    );
  });
});
