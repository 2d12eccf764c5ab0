import {
  errorCode,
  fakeManager,
  fakeRunner,
  testMeta,
  testUser,
} from '../../../../core/cqrs/testing';
import { ReviewSaleFlagCommand } from './review-sale-flag.command';
import { ReviewSaleFlagHandler } from './review-sale-flag.handler';

const flag = (over: object = {}) =>
  [
    /FROM sale_flags WHERE id = \$1 FOR UPDATE/,
    [{ id: 'f-1', branch_id: 'b-1', kind: 'negative_stock', resolved_at: null, ...over }],
  ] as [RegExp, unknown[]];

describe('ReviewSaleFlagHandler', () => {
  it("marks a flag of the user's branch reviewed, by them, and audits it", async () => {
    const m = fakeManager([flag()]);
    const runner = fakeRunner(m);
    await new ReviewSaleFlagHandler(runner).execute(
      new ReviewSaleFlagCommand('f-1', testUser(), testMeta),
    );
    const update = m.calls.find((c) => /UPDATE sale_flags/.test(c.sql));
    expect(update?.params).toEqual(['f-1', 'u-1']);
    expect(runner.tx!.audits[0]).toMatchObject({ action: 'sale_flag.review', entityId: 'f-1' });
  });

  it("hides another branch's flag and refuses one reviewed before", async () => {
    const run = (m: ReturnType<typeof fakeManager>) =>
      errorCode(
        new ReviewSaleFlagHandler(fakeRunner(m)).execute(
          new ReviewSaleFlagCommand('f-1', testUser(), testMeta),
        ),
      );
    expect(await run(fakeManager([flag({ branch_id: 'b-2' })]))).toBe('NOT_FOUND');
    expect(await run(fakeManager([flag({ resolved_at: new Date() })]))).toBe('CONFLICT');
    expect(await run(fakeManager([[/FROM sale_flags/, []]]))).toBe('NOT_FOUND');
  });
});
