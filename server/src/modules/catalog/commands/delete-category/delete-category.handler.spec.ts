import { errorCode, fakeManager, fakeRunner, testMeta } from '../../../../core/cqrs/testing';
import { DeleteCategoryCommand } from './delete-category.command';
import { DeleteCategoryHandler } from './delete-category.handler';

const category = { id: 'c-1', name: 'أحذية' };

describe('DeleteCategoryHandler', () => {
  it('deletes an empty category and audits it', async () => {
    const m = fakeManager([[/AS used/, [{ used: false }]]], { findOne: category });
    const runner = fakeRunner(m);
    await new DeleteCategoryHandler(runner).execute(new DeleteCategoryCommand('c-1', testMeta));
    expect(m.calls.find((c) => c.sql === 'delete')?.params[1]).toEqual({ id: 'c-1' });
    expect(runner.tx!.audits).toEqual([
      { action: 'category.delete', entity: 'category', entityId: 'c-1', before: category },
    ]);
  });

  it('refuses one that still holds products or sub-categories', async () => {
    const m = fakeManager([[/AS used/, [{ used: true }]]], { findOne: category });
    expect(
      await errorCode(
        new DeleteCategoryHandler(fakeRunner(m)).execute(
          new DeleteCategoryCommand('c-1', testMeta),
        ),
      ),
    ).toBe('IN_USE');
    expect(m.calls.some((c) => c.sql === 'delete')).toBe(false);
  });
});
