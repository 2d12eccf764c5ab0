import { errorCode, fakeManager, fakeRunner, testMeta } from '../../../../core/cqrs/testing';
import { UpdateStoreInfoCommand } from './update-store-info.command';
import { UpdateStoreInfoHandler } from './update-store-info.handler';

const info = { id: 's-1', name: 'المتجر', taxId: null };

describe('UpdateStoreInfoHandler', () => {
  it('patches the locked row and returns and audits it as read back', async () => {
    const after = { ...info, name: 'متجر النور' };
    const m = Object.assign(fakeManager([], { findOne: info }), {
      findOneByOrFail: async () => after,
    });
    const runner = fakeRunner(m);
    expect(
      await new UpdateStoreInfoHandler(runner).execute(
        new UpdateStoreInfoCommand('s-1', { name: 'متجر النور' } as never, testMeta),
      ),
    ).toBe(after);
    expect(m.calls.find((c) => c.sql === 'update')?.params.slice(1)).toEqual([
      { id: 's-1' },
      { name: 'متجر النور' },
    ]);
    expect(runner.tx!.audits).toEqual([
      { action: 'store-info.update', entity: 'store_info', entityId: 's-1', before: info, after },
    ]);
  });

  it('answers 404 for an unknown row', async () => {
    expect(
      await errorCode(
        new UpdateStoreInfoHandler(fakeRunner(fakeManager([]))).execute(
          new UpdateStoreInfoCommand('s-x', {} as never, testMeta),
        ),
      ),
    ).toBe('NOT_FOUND');
  });
});
