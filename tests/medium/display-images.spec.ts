import { DISPLAY_IMAGE_MAX_BYTES, DISPLAY_IMAGES_MAX, type DisplayImageDto } from '@pos/contracts';
import { Client, createTestApp, createUserWith, type TestApp } from './support/app';
import { TINY_PNG } from '../fixtures/images';

// Issue 35 item 3, docs/decisions/0129: the customer display's idle images. An administrator
// uploads them (PNG, JPEG or WebP, ≤ 1 MB, 8 per screen), orders and removes them, store-wide or
// for one branch; a display reads its branch's own, else the store's; bad input is a localised
// 400 naming the field and writes nothing.
const PNG = TINY_PNG;

describe('display images', () => {
  let t: TestApp;
  let admin: Client;
  let adminAr: Client;
  let manager: Client;
  let branchA: string;
  let branchB: string;
  let clerkA: Client;
  let clerkB: Client;

  const upload = (
    c: Client,
    file: { buffer: Buffer; name: string; type: string } = {
      buffer: PNG,
      name: 'a.png',
      type: 'image/png',
    },
    branchId?: string,
  ) =>
    c.agent
      .post(`/api/DisplayImages${branchId ? `?branchId=${branchId}` : ''}`)
      .set('X-CSRF-Token', c.csrf)
      .set('Cookie', `locale=${c.locale}`)
      .attach('image', file.buffer, { filename: file.name, contentType: file.type });
  const rows = async () =>
    (await t.ds.query('SELECT count(*)::int AS n FROM display_images'))[0].n as number;
  const files = async () =>
    (await t.ds.query('SELECT count(*)::int AS n FROM files'))[0].n as number;
  const screen = async (branchId?: string) =>
    (await admin.get(`/api/DisplayImages${branchId ? `?branchId=${branchId}` : ''}`))
      .body as DisplayImageDto[];

  beforeAll(async () => {
    t = await createTestApp();
    admin = new Client(t.app, 'en');
    await admin.signIn('admin');
    adminAr = new Client(t.app, 'ar');
    await adminAr.signIn('admin');
    [{ id: branchA }, { id: branchB }] = await t.ds.query(
      'SELECT id FROM branches ORDER BY created_at, id LIMIT 2',
    );
    // a branch manager who reads every branch and manages users: still no administrator
    const boss = await createUserWith(t.ds, ['can_see_branches', 'can_manage_users'], {
      branchId: branchA,
    });
    manager = new Client(t.app, 'en');
    await manager.signIn(boss.username, boss.password);
    const a = await createUserWith(t.ds, [], { branchId: branchA });
    clerkA = new Client(t.app, 'en');
    await clerkA.signIn(a.username, a.password);
    const b = await createUserWith(t.ds, [], { branchId: branchB });
    clerkB = new Client(t.app, 'en');
    await clerkB.signIn(b.username, b.password);
    // whatever the seed left on these screens (the demo's pictures are the first branch's)
    for (const scope of [undefined, branchA, branchB])
      for (const image of await screen(scope))
        expect((await admin.delete(`/api/DisplayImages/${image.id}`)).status).toBe(200);
  });
  afterAll(() => t.close());

  it('an administrator adds an image, served as the logo is', async () => {
    const res = await upload(admin);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ branchId: null, position: 1, contentType: 'image/png' });
    const served = await clerkB.get(res.body.url);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(served.body as Buffer, PNG)).toBe(0);
    expect((await admin.delete(`/api/DisplayImages/${res.body.id}`)).status).toBe(200);
  });

  it('only an administrator changes them', async () => {
    const before = [await rows(), await files()];
    expect((await upload(manager)).status).toBe(403);
    expect((await upload(clerkA, undefined, branchA)).status).toBe(403);
    const mine = await upload(admin);
    expect((await manager.delete(`/api/DisplayImages/${mine.body.id}`)).status).toBe(403);
    expect(
      (await manager.put('/api/DisplayImages/order', { imageIds: [mine.body.id] })).status,
    ).toBe(403);
    expect((await admin.delete(`/api/DisplayImages/${mine.body.id}`)).status).toBe(200);
    expect([await rows(), await files()]).toEqual(before);
  });

  it('refuses another type, a lying type and a large file with a 400 naming the field', async () => {
    const before = [await rows(), await files()];
    const bad = [
      {
        buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
        name: 'a.svg',
        type: 'image/svg+xml',
      },
      { buffer: Buffer.from('GIF89a'), name: 'a.gif', type: 'image/gif' },
      { buffer: Buffer.from('hello'), name: 'a.txt', type: 'text/plain' },
      // says PNG, holds something else
      { buffer: Buffer.from('<script>alert(1)</script>'), name: 'b.png', type: 'image/png' },
    ];
    for (const file of bad) {
      const res = await upload(admin, file);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.message).toBe('"Customer display image" must be a PNG, JPEG or WebP image');
    }
    const large = Buffer.concat([PNG, Buffer.alloc(DISPLAY_IMAGE_MAX_BYTES)]);
    const tooLarge = await upload(admin, { buffer: large, name: 'big.png', type: 'image/png' });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.message).toBe('"Customer display image" must be at most 1 MB');
    const ar = await upload(adminAr, bad[0]);
    expect(ar.status).toBe(400);
    expect(ar.body.message).toContain('صورة شاشة العميل');
    const none = await admin.agent.post('/api/DisplayImages').set('X-CSRF-Token', admin.csrf);
    expect(none.status).toBe(400);
    expect([await rows(), await files()]).toEqual(before);
  });

  it(`holds at most ${DISPLAY_IMAGES_MAX} per screen, ordered and closed up on removal`, async () => {
    const ids: string[] = [];
    for (let i = 0; i < DISPLAY_IMAGES_MAX; i += 1) {
      const res = await upload(admin);
      expect(res.status).toBe(201);
      expect(res.body.position).toBe(i + 1);
      ids.push(res.body.id);
    }
    const full = await upload(admin);
    expect(full.status).toBe(409);
    expect(full.body.code).toBe('DISPLAY_IMAGES_FULL');
    expect(full.body.message).toContain(String(DISPLAY_IMAGES_MAX));
    // a branch's own screen has its own bound
    const own = await upload(admin, undefined, branchA);
    expect(own.status).toBe(201);
    expect(own.body).toMatchObject({ branchId: branchA, position: 1 });

    const reversed = [...ids].reverse();
    const ordered = await admin.put('/api/DisplayImages/order', { imageIds: reversed });
    expect(ordered.status).toBe(200);
    expect((await screen()).map((i) => i.id)).toEqual(reversed);
    // not exactly this screen's images: refused, the order kept
    for (const imageIds of [reversed.slice(1), [...reversed.slice(1), own.body.id]]) {
      const wrong = await admin
        .put('/api/DisplayImages/order', { imageIds })
        .set('Cookie', 'locale=en');
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe('"Display images" must list each image of this screen once');
    }
    expect((await screen()).map((i) => i.id)).toEqual(reversed);

    expect((await admin.delete(`/api/DisplayImages/${reversed[3]}`)).status).toBe(200);
    const left = await screen();
    expect(left.map((i) => i.id)).toEqual(reversed.filter((_, i) => i !== 3));
    expect(left.map((i) => i.position)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect((await admin.delete(`/api/DisplayImages/${reversed[3]}`)).status).toBe(404);

    // a display shows its branch's own images, else the store's
    const slidesA = await clerkA.get('/api/DisplayImages/slides');
    expect(slidesA.body.scope).toBe('branch');
    expect(slidesA.body.images.map((i: DisplayImageDto) => i.id)).toEqual([own.body.id]);
    const slidesB = await clerkB.get('/api/DisplayImages/slides');
    expect(slidesB.body.scope).toBe('store');
    expect(slidesB.body.images).toHaveLength(7);
    // another branch's screen is outside a clerk's scope; one who reads every branch may look
    expect((await clerkB.get(`/api/DisplayImages/slides?branchId=${branchA}`)).status).toBe(403);
    expect((await clerkB.get(`/api/DisplayImages?branchId=${branchA}`)).status).toBe(403);
    const asked = await manager.get(`/api/DisplayImages/slides?branchId=${branchA}`);
    expect(asked.body.scope).toBe('branch');
    expect((await upload(admin, undefined, '0190b8a0-0000-7000-8000-000000000000')).status).toBe(
      404,
    );
  });
});
