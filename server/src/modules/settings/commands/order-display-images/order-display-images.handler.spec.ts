import { errorCode, fakeManager, fakeRunner, testMeta } from '../../../../core/cqrs/testing';
import { OrderDisplayImagesCommand } from './order-display-images.command';
import { OrderDisplayImagesHandler } from './order-display-images.handler';

const screen = [
  { id: 'a', position: 1 },
  { id: 'b', position: 2 },
];

describe('OrderDisplayImagesHandler', () => {
  it('numbers the screen 1…n in the order given', async () => {
    const m = fakeManager([[/FROM display_images/, screen]]);
    await new OrderDisplayImagesHandler(fakeRunner(m)).execute(
      new OrderDisplayImagesCommand(null, ['b', 'a'], testMeta),
    );
    const update = m.calls.find((c) => /UPDATE display_images/.test(c.sql));
    expect(update?.params).toEqual([['b', 'a']]);
  });

  it('refuses an order that is not the screen’s images exactly', async () => {
    for (const ids of [['a'], ['a', 'a'], ['a', 'c'], ['a', 'b', 'c']]) {
      const m = fakeManager([[/FROM display_images/, screen]]);
      expect(
        await errorCode(
          new OrderDisplayImagesHandler(fakeRunner(m)).execute(
            new OrderDisplayImagesCommand(null, ids, testMeta),
          ),
        ),
      ).toBe('VALIDATION_FAILED');
      expect(m.calls.some((c) => /UPDATE/.test(c.sql))).toBe(false);
    }
  });
});
