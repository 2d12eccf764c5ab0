import { Client, createTestApp, createUserWith, tableCounts, type TestApp } from './support/app';

// The catalog's structure after creation: re-parenting categories (never into a cycle) and a
// product's property types (values and whole axes added or taken away).

const SIZE = `المقاس-م-${Date.now().toString(36)}`;
const COLOUR = `اللون-م-${Date.now().toString(36)}`;
const FIT = `القصة-م-${Date.now().toString(36)}`;

type Variant = {
  id: string;
  sku: string;
  properties: Record<string, string>;
  active: boolean;
  sellPrice: number;
  stock: { onHand: number }[];
};

describe('catalog structure: category tree and product property types', () => {
  let t: TestApp;
  let admin: Client;
  let english: Client;
  let inventoryId: string;
  let sizeId: string;
  let colourId: string;
  let fitId: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = new Client(t.app);
    await admin.signIn('admin');
    english = new Client(t.app, 'en');
    await english.signIn('admin');
    const [{ branch_id }] = await t.ds.query(
      `SELECT branch_id FROM users WHERE username = 'admin'`,
    );
    inventoryId = (await admin.get('/api/Inventories')).body.find(
      (i: { branchId: string }) => i.branchId === branch_id,
    ).id;
    sizeId = (await admin.post('/api/PropertyTypes', { name: SIZE, values: ['S', 'M', 'L'] })).body
      .id;
    colourId = (await admin.post('/api/PropertyTypes', { name: COLOUR, values: ['أحمر', 'أزرق'] }))
      .body.id;
    fitId = (await admin.post('/api/PropertyTypes', { name: FIT, values: ['ضيق', 'واسع'] })).body
      .id;
  });
  afterAll(async () => {
    await t.close();
  });

  // Nothing at all changes (sessions aside: signing in is not the request under test).
  const snapshot = async () => ({
    counts: await tableCounts(t.ds, ['sessions']),
    categories: await t.ds.query('SELECT id, name, parent_id FROM categories ORDER BY id'),
    types: await t.ds.query('SELECT id, values FROM property_types ORDER BY id'),
    products: await t.ds.query('SELECT id, property_type_ids FROM products ORDER BY id'),
    variants: await t.ds.query(
      'SELECT id, properties, active, search_text FROM variants ORDER BY id',
    ),
  });
  const unchanged = async (run: () => Promise<void>) => {
    const before = await snapshot();
    await run();
    expect(await snapshot()).toEqual(before);
  };

  const shirt = async (
    name: string,
    combos: Record<string, string>[],
    propertyTypeIds: string[],
    stocked: number[] = [],
  ) => {
    const res = await admin.post('/api/Products', {
      nameAr: name,
      propertyTypeIds,
      variants: combos.map((properties, i) => ({
        barcodes: [],
        properties,
        sellPrice: 15000,
        avgCost: 9000,
        ...(stocked.includes(i) ? { openingStock: [{ inventoryId, quantity: 5 }] } : {}),
      })),
    });
    expect(res.status).toBe(201);
    return res.body as { id: string; variants: Variant[] };
  };
  const product = async (id: string) =>
    (await admin.get(`/api/Products/${id}`)).body as {
      propertyTypeIds: string[];
      variants: Variant[];
    };
  const newVariant = (properties: Record<string, string>, extra: object = {}) => ({
    barcodes: [],
    properties,
    sellPrice: 17500,
    ...extra,
  });

  describe('category tree', () => {
    it('moves a category under another and back to the top level', async () => {
      const a = (await admin.post('/api/Categories', { name: 'ملابس-شجرة' })).body;
      const b = (await admin.post('/api/Categories', { name: 'أحذية-شجرة' })).body;
      const moved = await admin.patch(`/api/Categories/${b.id}`, { parentId: a.id });
      expect(moved.status).toBe(200);
      expect(moved.body).toMatchObject({ id: b.id, parentId: a.id });
      const top = await admin.patch(`/api/Categories/${b.id}`, { parentId: null });
      expect(top.status).toBe(200);
      expect(top.body.parentId).toBeNull();
      const [audit] = await t.ds.query(
        `SELECT after FROM audit_logs WHERE entity_id = $1 AND action = 'category.update' ORDER BY at DESC LIMIT 1`,
        [b.id],
      );
      expect(audit.after.parentId).toBeNull();
    });

    it('refuses a cycle (itself, a child, a grandchild) with a localised 400 and writes nothing', async () => {
      const root = (await admin.post('/api/Categories', { name: 'جذر-دورة' })).body;
      const child = (await admin.post('/api/Categories', { name: 'ابن-دورة', parentId: root.id }))
        .body;
      const grandchild = (
        await admin.post('/api/Categories', { name: 'حفيد-دورة', parentId: child.id })
      ).body;
      await unchanged(async () => {
        for (const parentId of [root.id, child.id, grandchild.id]) {
          const res = await admin.patch(`/api/Categories/${root.id}`, {
            parentId,
            name: 'اسم لا يحفظ',
          });
          expect(res.status).toBe(400);
          expect(res.body).toMatchObject({
            code: 'CATEGORY_CYCLE',
            message: 'لا يمكن جعل القسم تابعًا لنفسه أو لأحد فروعه',
          });
        }
        const en = await english.agent
          .patch(`/api/Categories/${child.id}`)
          .set('X-CSRF-Token', english.csrf)
          .set('Cookie', 'locale=en')
          .send({ parentId: grandchild.id });
        expect(en.status).toBe(400);
        expect(en.body.message).toBe(
          'A category cannot be placed under itself or one of its children',
        );
        // An unknown parent or a malformed id is a clean 4xx too.
        expect(
          (
            await admin.patch(`/api/Categories/${child.id}`, {
              parentId: '00000000-0000-7000-8000-000000000000',
            })
          ).status,
        ).toBe(404);
        expect(
          (await admin.patch(`/api/Categories/${child.id}`, { parentId: 'not-a-uuid' })).status,
        ).toBe(400);
      });
      const [row] = await t.ds.query('SELECT name, parent_id FROM categories WHERE id = $1', [
        root.id,
      ]);
      expect(row).toEqual({ name: 'جذر-دورة', parent_id: null });
    });
    it('two crossing moves at once: one wins, the other is a cycle (no loop in the tree)', async () => {
      const a = (await admin.post('/api/Categories', { name: 'تقاطع-أ' })).body;
      const b = (await admin.post('/api/Categories', { name: 'تقاطع-ب' })).body;
      const results = await Promise.all([
        admin.patch(`/api/Categories/${a.id}`, { parentId: b.id }),
        admin.patch(`/api/Categories/${b.id}`, { parentId: a.id }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
      const rows = await t.ds.query('SELECT id, parent_id FROM categories WHERE id = ANY($1)', [
        [a.id, b.id],
      ]);
      expect(rows.filter((r: { parent_id: string | null }) => r.parent_id === null)).toHaveLength(
        1,
      );
    });
  });

  describe('property types after creation', () => {
    it('adding a value generates exactly the missing variants and leaves the others untouched', async () => {
      const p = await shirt(
        'قميص-قيمة-جديدة',
        [
          { [SIZE]: 'S', [COLOUR]: 'أحمر' },
          { [SIZE]: 'S', [COLOUR]: 'أزرق' },
          { [SIZE]: 'M', [COLOUR]: 'أحمر' },
          { [SIZE]: 'M', [COLOUR]: 'أزرق' },
        ],
        [sizeId, colourId],
        [0],
      );
      const before = await t.ds.query(
        'SELECT id, sku, properties, sell_price, avg_cost, active, updated_at FROM variants WHERE product_id = $1 ORDER BY id',
        [p.id],
      );
      const res = await admin.post(`/api/Products/${p.id}/properties`, {
        axes: [
          { propertyTypeId: sizeId, values: ['S', 'M', 'XL'] },
          { propertyTypeId: colourId, values: ['أحمر', 'أزرق'] },
        ],
        variants: [
          newVariant({ [SIZE]: 'XL', [COLOUR]: 'أحمر' }, { sku: `XL-R-${Date.now()}` }),
          newVariant(
            { [COLOUR]: 'أزرق', [SIZE]: 'XL' },
            { openingStock: [{ inventoryId, quantity: 3 }] },
          ),
        ],
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ created: 2, reactivated: 0, deactivated: 0, deleted: 0 });
      expect(res.body.product.variants).toHaveLength(6);
      const xl = res.body.product.variants.filter((v: Variant) => v.properties[SIZE] === 'XL');
      expect(xl.map((v: Variant) => v.properties[COLOUR]).sort()).toEqual(['أحمر', 'أزرق'].sort());
      expect(xl.every((v: Variant) => v.sellPrice === 17500 && v.active)).toBe(true);
      expect(xl.find((v: Variant) => v.properties[COLOUR] === 'أزرق').stock).toEqual([
        expect.objectContaining({ onHand: 3 }),
      ]);
      const old = await t.ds.query(
        'SELECT id, sku, properties, sell_price, avg_cost, active, updated_at FROM variants WHERE product_id = $1 AND id = ANY($2) ORDER BY id',
        [p.id, before.map((r: { id: string }) => r.id)],
      );
      expect(old).toEqual(before);
      // XL joined the property type's list (it was typed for this product).
      expect(
        (await admin.get('/api/PropertyTypes')).body.find((x: { id: string }) => x.id === sizeId)
          .values,
      ).toEqual(['S', 'M', 'L', 'XL']);
      // The new variants are found by their values.
      const found = await admin.get(`/api/variants?productId=${p.id}&q=XL`);
      expect(found.body).toHaveLength(2);
      const [audit] = await t.ds.query(
        `SELECT after FROM audit_logs WHERE entity_id = $1 AND action = 'product.properties.update'`,
        [p.id],
      );
      expect(audit.after.created).toHaveLength(2);
    });

    it('adding an axis asks the value for existing variants, then generates the rest of the grid', async () => {
      const p = await shirt('بنطلون-محور-جديد', [{ [SIZE]: 'S' }, { [SIZE]: 'M' }], [sizeId], [0]);
      const body = {
        axes: [
          { propertyTypeId: sizeId, values: ['S', 'M'] },
          { propertyTypeId: fitId, values: ['ضيق', 'واسع'], existingValue: 'ضيق' },
        ],
        variants: [
          newVariant({ [SIZE]: 'S', [FIT]: 'واسع' }),
          newVariant({ [SIZE]: 'M', [FIT]: 'واسع' }),
        ],
      };
      await unchanged(async () => {
        const { existingValue: _omit, ...withoutValue } = body.axes[1];
        const res = await admin.post(`/api/Products/${p.id}/properties`, {
          ...body,
          axes: [body.axes[0], withoutValue],
        });
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('AXIS_EXISTING_VALUE_REQUIRED');
        expect(res.body.message).toContain(FIT);
      });
      const res = await admin.post(`/api/Products/${p.id}/properties`, body);
      expect(res.status).toBe(200);
      expect(res.body.created).toBe(2);
      const after = await product(p.id);
      expect(after.propertyTypeIds).toEqual([sizeId, fitId]);
      const byId = new Map(after.variants.map((v) => [v.id, v]));
      for (const v of p.variants)
        expect(byId.get(v.id)!.properties).toEqual({ ...v.properties, [FIT]: 'ضيق' });
      expect(
        after.variants.map((v) => `${v.properties[SIZE]}/${v.properties[FIT]}`).sort(),
      ).toEqual(['M/ضيق', 'M/واسع', 'S/ضيق', 'S/واسع']);
      // Existing stock stays on the same variant.
      expect(byId.get(p.variants[0].id)!.stock).toEqual([expect.objectContaining({ onHand: 5 })]);
    });

    it('refuses a wrong set of new variants, and every malformed body, with a 4xx and writes nothing', async () => {
      const p = await shirt('جاكيت-مدخلات-خاطئة', [{ [SIZE]: 'S' }, { [SIZE]: 'M' }], [sizeId]);
      const axes = [{ propertyTypeId: sizeId, values: ['S', 'M', 'L'] }];
      await unchanged(async () => {
        const missing = await admin.post(`/api/Products/${p.id}/properties`, {
          axes,
          variants: [],
        });
        expect(missing.status).toBe(400);
        expect(missing.body).toMatchObject({ code: 'VARIANT_GRID_MISMATCH' });
        expect(missing.body.message).toContain('L');
        const extra = await admin.post(`/api/Products/${p.id}/properties`, {
          axes,
          variants: [newVariant({ [SIZE]: 'L' }), newVariant({ [SIZE]: 'S' })],
        });
        expect(extra.body.code).toBe('VARIANT_GRID_MISMATCH');
        const twice = await admin.post(`/api/Products/${p.id}/properties`, {
          axes,
          variants: [newVariant({ [SIZE]: 'L' }), newVariant({ [SIZE]: 'L' })],
        });
        expect(twice.body.code).toBe('VARIANT_GRID_MISMATCH');
        // A barcode another item has: the whole change is refused (the value is not added to the type either).
        const [{ barcode }] = await t.ds.query('SELECT barcode FROM variant_barcodes LIMIT 1');
        const taken = await admin.post(`/api/Products/${p.id}/properties`, {
          axes: [{ propertyTypeId: sizeId, values: ['S', 'M', 'XXL'] }],
          variants: [newVariant({ [SIZE]: 'XXL' }, { barcodes: [barcode] })],
        });
        expect(taken.status).toBe(400);
        expect(taken.body.code).toBe('BARCODE_TAKEN');
        const bodies: unknown[] = [
          {},
          { axes: 'x', variants: [] },
          { axes: [null], variants: [] },
          { axes: [{}], variants: [] },
          { axes: [{ propertyTypeId: sizeId, values: [] }], variants: [] },
          { axes: [{ propertyTypeId: sizeId, values: ['  '] }], variants: [] },
          { axes: [{ propertyTypeId: sizeId, values: [1, 2] }], variants: [] },
          {
            axes: [
              { propertyTypeId: sizeId, values: ['S'] },
              { propertyTypeId: sizeId, values: ['M'] },
            ],
            variants: [],
          },
          {
            axes: [{ propertyTypeId: '00000000-0000-7000-8000-000000000000', values: ['S'] }],
            variants: [],
          },
          {
            axes: [{ propertyTypeId: sizeId, values: ['S', 'M'] }],
            removedAxes: [{ propertyTypeId: colourId, keepValue: 'أحمر' }],
            variants: [],
          },
          {
            axes: [{ propertyTypeId: sizeId, values: ['S', 'M', 'L'] }],
            variants: [{ properties: { [SIZE]: 5 }, sellPrice: 1, barcodes: [] }],
          },
          {
            axes: [{ propertyTypeId: sizeId, values: ['S', 'M', 'L'] }],
            variants: [{ properties: [], sellPrice: 1, barcodes: [] }],
          },
          {
            axes: [{ propertyTypeId: sizeId, values: ['S', 'M', 'L'] }],
            variants: [newVariant({ [SIZE]: 'L' }, { sellPrice: -1 })],
          },
          {
            axes: [{ propertyTypeId: sizeId, values: ['S', 'M', 'L'] }],
            variants: [newVariant({ [SIZE]: 'L' }, { hacked: true })],
          },
          { axes: [], variants: [] },
          {
            axes: [1, 2, 3, 4, 5].map(() => ({ propertyTypeId: sizeId, values: ['S'] })),
            variants: [],
          },
        ];
        for (const body of bodies) {
          const res = await admin.post(`/api/Products/${p.id}/properties`, body);
          expect([res.status, body]).toEqual([400, body]);
          expect(typeof res.body.message).toBe('string');
        }
        // Removing the only axis without saying which value stays.
        const noKeep = await admin.post(`/api/Products/${p.id}/properties`, {
          axes: [],
          variants: [],
        });
        expect(noKeep.body.code).toBe('AXIS_KEEP_VALUE_REQUIRED');
        expect(
          (
            await admin.post('/api/Products/00000000-0000-7000-8000-000000000000/properties', {
              axes,
              variants: [],
            })
          ).status,
        ).toBe(404);
        expect(
          (await admin.post('/api/Products/nope/properties', { axes, variants: [] })).status,
        ).toBe(400);
      });
    });

    it('removing a value deletes its variants without history and deactivates those with movements; adding it back reactivates them', async () => {
      const combos = [
        { [SIZE]: 'S', [COLOUR]: 'أحمر' },
        { [SIZE]: 'S', [COLOUR]: 'أزرق' },
        { [SIZE]: 'M', [COLOUR]: 'أحمر' },
        { [SIZE]: 'M', [COLOUR]: 'أزرق' },
      ];
      const p = await shirt('قميص-حذف-قيمة', combos, [sizeId, colourId], [1]);
      const res = await admin.post(`/api/Products/${p.id}/properties`, {
        axes: [
          { propertyTypeId: sizeId, values: ['S', 'M'] },
          { propertyTypeId: colourId, values: ['أحمر'] },
        ],
        variants: [],
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ created: 0, deactivated: 1, deleted: 1 });
      const after = await product(p.id);
      const stocked = after.variants.find((v) => v.id === p.variants[1].id)!;
      expect(stocked.active).toBe(false);
      expect(stocked.stock).toEqual([expect.objectContaining({ onHand: 5 })]);
      expect(after.variants.find((v) => v.id === p.variants[3].id)).toBeUndefined();
      // Blue again: the old S/blue comes back with its stock and history; M/blue is made anew.
      const back = await admin.post(`/api/Products/${p.id}/properties`, {
        axes: [
          { propertyTypeId: sizeId, values: ['S', 'M'] },
          { propertyTypeId: colourId, values: ['أحمر', 'أزرق'] },
        ],
        variants: [newVariant({ [SIZE]: 'M', [COLOUR]: 'أزرق' })],
      });
      expect(back.status).toBe(200);
      expect(back.body).toMatchObject({ created: 1, reactivated: 1 });
      expect(
        back.body.product.variants.find((v: Variant) => v.id === p.variants[1].id).active,
      ).toBe(true);
      expect(back.body.product.variants).toHaveLength(4);
    });

    it('removing an axis keeps the chosen value’s variants without it', async () => {
      const p = await shirt(
        'قميص-حذف-محور',
        [
          { [SIZE]: 'S', [COLOUR]: 'أحمر' },
          { [SIZE]: 'S', [COLOUR]: 'أزرق' },
        ],
        [sizeId, colourId],
        [1],
      );
      const res = await admin.post(`/api/Products/${p.id}/properties`, {
        axes: [{ propertyTypeId: sizeId, values: ['S'] }],
        removedAxes: [{ propertyTypeId: colourId, keepValue: 'أحمر' }],
        variants: [],
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ deactivated: 1, deleted: 0, created: 0 });
      const after = await product(p.id);
      expect(after.propertyTypeIds).toEqual([sizeId]);
      expect(after.variants.find((v) => v.id === p.variants[0].id)!.properties).toEqual({
        [SIZE]: 'S',
      });
      expect(after.variants.find((v) => v.id === p.variants[1].id)).toMatchObject({
        active: false,
        properties: { [SIZE]: 'S', [COLOUR]: 'أزرق' },
      });
    });

    it('needs can_manage_products, and shows no cost without can_see_buy_price', async () => {
      const p = await shirt('قميص-صلاحيات', [{ [SIZE]: 'S' }], [sizeId]);
      const body = {
        axes: [{ propertyTypeId: sizeId, values: ['S', 'M'] }],
        variants: [newVariant({ [SIZE]: 'M' }, { avgCost: 1 })],
      };
      const viewer = await createUserWith(t.ds, ['can_see_products']);
      const v = new Client(t.app);
      await v.signIn(viewer.username, viewer.password);
      expect((await v.post(`/api/Products/${p.id}/properties`, body)).status).toBe(403);
      const manager = await createUserWith(t.ds, ['can_see_products', 'can_manage_products']);
      const c = new Client(t.app);
      await c.signIn(manager.username, manager.password);
      const res = await c.post(`/api/Products/${p.id}/properties`, body);
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toMatch(/avgCost|marginPercent/);
      const [{ avg_cost }] = await t.ds.query(
        `SELECT avg_cost FROM variants WHERE product_id = $1 AND properties->>'${SIZE}' = 'M'`,
        [p.id],
      );
      expect(Number(avg_cost)).toBe(0);
    });
  });
});
