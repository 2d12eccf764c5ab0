import { DISPLAY_IMAGE_MAX_BYTES, DISPLAY_IMAGES_MAX } from '@pos/contracts';
import { errorCode, fakeManager, fakeRunner, testMeta } from '../../../../core/cqrs/testing';
import { AddDisplayImageCommand } from './add-display-image.command';
import { AddDisplayImageHandler } from './add-display-image.handler';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const png = { mimetype: 'image/png', size: PNG.length, buffer: PNG };
const screenOf = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ id: `d-${i}`, position: i + 1 }));

describe('AddDisplayImageHandler', () => {
  it('stores the file and places the image last on its screen, under the screen lock', async () => {
    const m = fakeManager([
      [/FROM branches/, [{ id: 'b-1' }]],
      [/FROM display_images/, screenOf(2)],
    ]);
    const runner = fakeRunner(m);
    const out = await new AddDisplayImageHandler(runner).execute(
      new AddDisplayImageCommand(png, 'b-1', testMeta),
    );
    expect(m.calls.map((c) => c.sql)).toEqual([
      expect.stringMatching(/FROM branches/),
      expect.stringMatching(/pg_advisory_xact_lock/),
      expect.stringMatching(/FROM display_images/),
      'insert',
      'insert',
    ]);
    expect(out).toMatchObject({ branchId: 'b-1', position: 3, contentType: 'image/png' });
    expect(out.url).toMatch(/^\/api\/files\//);
    expect(runner.tx!.audits[0]).toMatchObject({ action: 'display_image.add', entityId: out.id });
  });

  it('refuses a screen already full', async () => {
    const runner = fakeRunner(fakeManager([[/FROM display_images/, screenOf(DISPLAY_IMAGES_MAX)]]));
    expect(
      await errorCode(
        new AddDisplayImageHandler(runner).execute(new AddDisplayImageCommand(png, null, testMeta)),
      ),
    ).toBe('DISPLAY_IMAGES_FULL');
  });

  it('refuses before any transaction: no file, another type, bytes not of the type, too large', async () => {
    const runner = fakeRunner(fakeManager([]));
    const h = new AddDisplayImageHandler(runner);
    for (const file of [
      undefined,
      { ...png, mimetype: 'image/svg+xml' },
      { ...png, mimetype: 'image/jpeg' },
      { ...png, size: DISPLAY_IMAGE_MAX_BYTES + 1 },
    ])
      expect(await errorCode(h.execute(new AddDisplayImageCommand(file, null, testMeta)))).toBe(
        'VALIDATION_FAILED',
      );
    expect(runner.tx).toBeUndefined();
  });
});
