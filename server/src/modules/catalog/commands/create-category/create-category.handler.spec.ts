import { errorCode, fakeManager, fakeRunner, testMeta } from '../../../../core/cqrs/testing';
import { CreateCategoryCommand } from './create-category.command';
import { CreateCategoryHandler } from './create-category.handler';

const manager = (parentExists: boolean) =>
  Object.assign(fakeManager([]), { exists: async () => parentExists });

describe('CreateCategoryHandler', () => {
  it('inserts the trimmed category under its parent and audits the request', async () => {
    const m = manager(true);
    const runner = fakeRunner(m);
    const dto = { name: ' أحذية ', nameEn: '', parentId: 'c-root' };
    const id = await new CreateCategoryHandler(runner).execute(
      new CreateCategoryCommand(dto, testMeta),
    );
    expect(m.calls.find((c) => c.sql === 'insert')?.params[1]).toEqual({
      id,
      name: 'أحذية',
      nameEn: null,
      parentId: 'c-root',
    });
    expect(runner.tx!.audits).toEqual([
      { action: 'category.create', entity: 'category', entityId: id, after: dto },
    ]);
  });

  it('answers 404 for a parent that does not exist', async () => {
    const m = manager(false);
    expect(
      await errorCode(
        new CreateCategoryHandler(fakeRunner(m)).execute(
          new CreateCategoryCommand({ name: 'x', parentId: 'c-x' }, testMeta),
        ),
      ),
    ).toBe('NOT_FOUND');
    expect(m.calls).toHaveLength(0);
  });
});
