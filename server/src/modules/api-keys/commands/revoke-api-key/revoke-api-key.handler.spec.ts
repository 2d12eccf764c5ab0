import { errorCode, fakeManager, fakeRunner, testMeta } from '../../../../core/cqrs/testing';
import { RevokeApiKeyCommand } from './revoke-api-key.command';
import { RevokeApiKeyHandler } from './revoke-api-key.handler';

const key = { id: 'k-1', name: 'Shop site', prefix: 'abc', revokedAt: null };

describe('RevokeApiKeyHandler', () => {
  it('stamps the revocation time on the locked key and audits it', async () => {
    const m = fakeManager([], { findOne: key });
    const runner = fakeRunner(m);
    await new RevokeApiKeyHandler(runner).execute(new RevokeApiKeyCommand('k-1', testMeta));
    const [, where, patch] = m.calls.find((c) => c.sql === 'update')!.params as [
      unknown,
      unknown,
      { revokedAt: Date },
    ];
    expect(where).toEqual({ id: 'k-1' });
    expect(patch.revokedAt).toBeInstanceOf(Date);
    expect(runner.tx!.audits).toEqual([
      { action: 'api-key.revoke', entity: 'api_key', entityId: 'k-1', before: key },
    ]);
  });

  it('answers 404 for an unknown key', async () => {
    expect(
      await errorCode(
        new RevokeApiKeyHandler(fakeRunner(fakeManager([]))).execute(
          new RevokeApiKeyCommand('k-x', testMeta),
        ),
      ),
    ).toBe('NOT_FOUND');
  });
});
