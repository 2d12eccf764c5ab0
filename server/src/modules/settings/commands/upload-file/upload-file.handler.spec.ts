import { errorCode, fakeManager, fakeRunner, testMeta } from '../../../../core/cqrs/testing';
import { UploadFileCommand } from './upload-file.command';
import { UploadFileHandler } from './upload-file.handler';

const png = { mimetype: 'image/png', size: 4, buffer: Buffer.from([1, 2, 3, 4]) };

describe('UploadFileHandler', () => {
  it('stores an image with its uploader and audits its type and size only', async () => {
    const m = fakeManager([]);
    const runner = fakeRunner(m);
    const { id, url } = await new UploadFileHandler(runner).execute(
      new UploadFileCommand(png, testMeta),
    );
    expect(url).toBe(`/api/files/${id}`);
    expect(m.calls.find((c) => c.sql === 'insert')?.params[1]).toEqual({
      id,
      contentType: 'image/png',
      size: 4,
      data: png.buffer,
      createdBy: 'u-1',
    });
    expect(runner.tx!.audits).toEqual([
      {
        action: 'file.upload',
        entity: 'file',
        entityId: id,
        after: { contentType: 'image/png', size: 4 },
      },
    ]);
  });

  it('refuses a missing file or one that is not an image', async () => {
    const runner = fakeRunner(fakeManager([]));
    const h = new UploadFileHandler(runner);
    expect(await errorCode(h.execute(new UploadFileCommand(undefined, testMeta)))).toBe(
      'UNSUPPORTED_FILE',
    );
    expect(
      await errorCode(
        h.execute(new UploadFileCommand({ ...png, mimetype: 'text/html' }, testMeta)),
      ),
    ).toBe('UNSUPPORTED_FILE');
    expect(runner.tx).toBeUndefined();
  });
});
