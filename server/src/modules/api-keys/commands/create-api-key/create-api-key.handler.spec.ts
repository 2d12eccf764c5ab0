import type { PermissionKey } from '@pos/contracts';
import { createHash } from 'node:crypto';
import {
  errorCode,
  fakeManager,
  fakeRunner,
  testMeta,
  type QueryStub,
} from '../../../../core/cqrs/testing';
import { CreateApiKeyCommand } from './create-api-key.command';
import { CreateApiKeyHandler } from './create-api-key.handler';

// Reads of the handler these specs answer with no rows (the fake throws on SQL it has no stub for).
const READS_ANSWERED_EMPTY: QueryStub[] = [[/^\s*SELECT id FROM branches WHERE id = \$1/, []]];

const dto = {
  name: ' Shop site ',
  branchId: 'b-1',
  permissions: ['can_see_products'] as PermissionKey[],
};

describe('CreateApiKeyHandler', () => {
  it('stores only the secret’s hash, returns the full key once, and audits without the secret', async () => {
    const m = fakeManager([[/FROM branches/, [{ id: 'b-1' }]], ...READS_ANSWERED_EMPTY]);
    const runner = fakeRunner(m);
    const { id, key } = await new CreateApiKeyHandler(runner).execute(
      new CreateApiKeyCommand(dto, testMeta),
    );
    const [, prefix, secret] = /^pos_([a-z0-9]{10})_([A-Za-z0-9_-]{43})$/.exec(key)!;
    const row = m.calls.find((c) => c.sql === 'insert')?.params[1] as Record<string, unknown>;
    expect(row).toMatchObject({ id, name: 'Shop site', prefix, branchId: 'b-1', createdBy: 'u-1' });
    expect(row.hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(runner.tx!.audits).toEqual([
      { action: 'api-key.create', entity: 'api_key', entityId: id, after: { ...dto, prefix } },
    ]);
  });

  it('answers 404 for an unknown branch, storing nothing', async () => {
    const m = fakeManager([...READS_ANSWERED_EMPTY]);
    expect(
      await errorCode(
        new CreateApiKeyHandler(fakeRunner(m)).execute(new CreateApiKeyCommand(dto, testMeta)),
      ),
    ).toBe('NOT_FOUND');
    expect(m.calls.some((c) => c.sql === 'insert')).toBe(false);
  });
});
