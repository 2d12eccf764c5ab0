import { errorCode, fakeManager, fakeRunner, testMeta } from '../../../../core/cqrs/testing';
import { RemoveDisplayImageCommand } from './remove-display-image.command';
import { RemoveDisplayImageHandler } from './remove-display-image.handler';

describe('RemoveDisplayImageHandler', () => {
  it('deletes the image and its file, and closes up the screen', async () => {
    const m = fakeManager([
      [/SELECT branch_id, file_id/, [{ branch_id: null, file_id: 'f-2', position: 2 }]],
      [
        /ORDER BY position/,
        [
          { id: 'a', position: 1 },
          { id: 'b', position: 2 },
          { id: 'c', position: 3 },
        ],
      ],
    ]);
    const runner = fakeRunner(m);
    await new RemoveDisplayImageHandler(runner).execute(
      new RemoveDisplayImageCommand('b', testMeta),
    );
    expect(m.calls.filter((c) => c.sql === 'delete').map((c) => c.params[1])).toEqual([
      { id: 'b' },
      { id: 'f-2' },
    ]);
    expect(m.calls.find((c) => /UPDATE display_images/.test(c.sql))?.params).toEqual([['a', 'c']]);
    expect(runner.tx!.audits[0]).toMatchObject({ action: 'display_image.remove', entityId: 'b' });
  });

  it('answers 404 for an unknown image', async () => {
    const runner = fakeRunner(fakeManager([[/SELECT branch_id, file_id/, []]]));
    expect(
      await errorCode(
        new RemoveDisplayImageHandler(runner).execute(new RemoveDisplayImageCommand('x', testMeta)),
      ),
    ).toBe('NOT_FOUND');
  });
});
