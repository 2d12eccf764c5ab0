import { errorCode, fakeManager, fakeRunner, testMeta } from '../../../../core/cqrs/testing';
import { UpdateCategoryCommand } from './update-category.command';
import { UpdateCategoryHandler } from './update-category.handler';

const category = { id: 'c-1', name: 'أحذية', nameEn: null, parentId: null };

describe('UpdateCategoryHandler', () => {
  it('moves a category under another one, serialised by the tree lock, and audits before/after', async () => {
    const m = fakeManager([[/WITH RECURSIVE up/, [{ cycle: false, found: true }]]], {
      findOne: category,
    });
    const runner = fakeRunner(m);
    await new UpdateCategoryHandler(runner).execute(
      new UpdateCategoryCommand('c-1', { parentId: 'c-2' }, testMeta),
    );
    expect(m.calls[0].sql).toMatch(/pg_advisory_xact_lock/);
    expect(m.calls.find((c) => c.sql === 'update')?.params.slice(1)).toEqual([
      { id: 'c-1' },
      { parentId: 'c-2' },
    ]);
    expect(runner.tx!.audits[0]).toMatchObject({
      action: 'category.update',
      before: category,
      after: { ...category, parentId: 'c-2' },
    });
  });

  it('refuses a move under one of its own descendants', async () => {
    const m = fakeManager([[/WITH RECURSIVE up/, [{ cycle: true, found: true }]]], {
      findOne: category,
    });
    expect(
      await errorCode(
        new UpdateCategoryHandler(fakeRunner(m)).execute(
          new UpdateCategoryCommand('c-1', { parentId: 'c-3' }, testMeta),
        ),
      ),
    ).toBe('CATEGORY_CYCLE');
    expect(m.calls.some((c) => c.sql === 'update')).toBe(false);
  });
});
