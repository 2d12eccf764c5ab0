import 'fake-indexeddb/auto';
import type {
  DeviceCatalogPageDto,
  DeviceCatalogPart,
  DeviceCatalogStartDto,
  DeviceVariantRow,
} from '@pos/contracts';
import Dexie, { type DBCoreCursor, type Middleware, type DBCore } from 'dexie';
import { openCatalogDb, type PosCatalogDb } from './db';
import { findByCode, searchCustomers, searchVariants, SEARCH_BOUNDS } from './lookup';
import { applyStockEvent, syncCatalog, type CatalogApi } from './sync';

const INV = 'inv-1';
let n = 0;
const id = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

const variant = (
  i: number,
  name: string,
  barcodes: string[],
  price = 1000,
  properties: Record<string, string> = {},
): DeviceVariantRow => [
  id(i),
  id(1000 + i),
  name,
  null,
  `SKU-${i}`,
  barcodes,
  properties,
  price,
  price - 100,
  14,
  'piece',
];

/** A fake server: parts as keyset-paged lists, a cursor per sync, the changes since a cursor. */
function fakeServer(pageSize = 2) {
  const state = {
    variants: new Map<string, DeviceVariantRow>(),
    stock: new Map<string, [string, number, number]>(),
    customers: new Map<string, [string, string, string | null, number, number]>(),
    removedVariants: [] as string[],
    inactive: [] as string[],
    /** The ids changed since the last cursor handed out. */
    changed: new Set<string>(),
    cursor: 0,
    starts: [] as (string | null)[],
  };
  const rowsOf = (part: DeviceCatalogPart, since: string | null): unknown[][] => {
    const pick = <R extends unknown[]>(m: Map<string, R>) =>
      [...m.values()].filter((r) => !since || state.changed.has(r[0] as string));
    if (part === 'variants') return pick(state.variants);
    if (part === 'stock') return pick(state.stock);
    return pick(state.customers);
  };
  const api: CatalogApi = {
    async start(_inv, since): Promise<DeviceCatalogStartDto> {
      state.starts.push(since);
      return {
        cursor: `${++state.cursor}:${state.cursor}:`,
        full: !since,
        counts: {
          variants: rowsOf('variants', since).length + (since ? state.inactive.length : 0),
          stock: rowsOf('stock', since).length,
          customers: rowsOf('customers', since).length,
        },
        paymentMethods: [
          { id: 'cash', nameAr: 'نقدي', nameEn: 'Cash', type: 'cash', sortOrder: 0 },
        ],
        receipt: null,
        removed: { variants: since ? state.removedVariants : [], customers: [] },
      };
    },
    async page({ part, since, after }): Promise<DeviceCatalogPageDto> {
      const all = rowsOf(part, since).sort((a, b) => String(a[0]).localeCompare(String(b[0])));
      const removed = part === 'variants' && since ? state.inactive.map((i) => [i]) : [];
      const merged = [...all.map((r) => ({ r })), ...removed.map((r) => ({ r, gone: true }))]
        .sort((a, b) => String(a.r[0]).localeCompare(String(b.r[0])))
        .filter((x) => !after || String(x.r[0]) > after);
      const page = merged.slice(0, pageSize);
      return {
        rows: page.filter((x) => !('gone' in x)).map((x) => x.r),
        removed: page.filter((x) => 'gone' in x).map((x) => String(x.r[0])),
        next: page.length === pageSize ? String(page[page.length - 1].r[0]) : null,
      };
    },
  };
  const settle = () => {
    state.changed.clear();
    state.removedVariants = [];
    state.inactive = [];
  };
  return { state, api, settle };
}

/** Rows read from each table of the database (every value a read returns), while counting. */
async function countReads(db: PosCatalogDb) {
  const reads: Record<string, number> = {};
  let on = false;
  const add = (table: string, k: number) => {
    if (on) reads[table] = (reads[table] ?? 0) + k;
  };
  const middleware: Middleware<DBCore> = {
    stack: 'dbcore',
    name: 'count-reads',
    create: (down) => ({
      ...down,
      table: (name) => {
        const t = down.table(name);
        return {
          ...t,
          get: async (req) => {
            const row = await t.get(req);
            add(name, row === undefined ? 0 : 1);
            return row;
          },
          getMany: async (req) => {
            const rows = await t.getMany(req);
            add(name, rows.filter((r) => r !== undefined).length);
            return rows;
          },
          query: async (req) => {
            const res = await t.query(req);
            // a list of keys only (no rows read) counts apart
            add(req.values ? name : `${name} keys`, res.result.length);
            return res;
          },
          openCursor: async (req) => {
            const cursor = await t.openCursor(req);
            if (!cursor) return cursor;
            return new Proxy(cursor, {
              get(target, prop) {
                if (prop === 'start')
                  return (onNext: () => void) =>
                    target.start(() => {
                      add(name, 1);
                      onNext();
                    });
                const v = Reflect.get(target, prop) as unknown;
                return typeof v === 'function' ? (v as () => unknown).bind(target) : v;
              },
            }) as DBCoreCursor;
          },
        };
      },
    }),
  };
  // (a middleware is added to a closed database)
  db.close();
  db.use(middleware);
  await db.open();
  return {
    reads,
    async during<T>(fn: () => Promise<T>): Promise<T> {
      for (const k of Object.keys(reads)) delete reads[k];
      on = true;
      try {
        return await fn();
      } finally {
        on = false;
      }
    },
  };
}

describe('the device catalog', () => {
  let db: PosCatalogDb;
  beforeEach(async () => {
    db = openCatalogDb(`pos-catalog-test-${++n}`);
    await db.open();
  });
  afterEach(async () => {
    db.close();
    await db.delete();
  });

  const seed = () => {
    const server = fakeServer();
    const rows = [
      variant(1, 'أحمد للمنظفات', ['6221000000011']),
      variant(2, 'مكرونة الملكة', ['6221000000028'], 1500),
      variant(3, 'جبنة رومي', ['6221000000035'], 9000, { الوزن: 'كيلو' }),
      variant(4, 'شاي العروسة', ['6221000000042'], 2500),
      variant(5, 'مياه معدنية', ['6221000000059'], 500),
    ];
    for (const r of rows) server.state.variants.set(r[0], r);
    server.state.stock.set(id(1), [id(1), 12, 2]);
    server.state.stock.set(id(2), [id(2), 3, 0]);
    return server;
  };

  it('asks for the next page while it writes the current one, and stores every row once', async () => {
    const server = seed();
    const events: string[] = [];
    const api: CatalogApi = {
      start: server.api.start,
      page: (q) => {
        if (q.part === 'variants') events.push(`ask ${q.after ?? 'first'}`);
        return server.api.page(q);
      },
    };
    const write = db.variants.bulkPut.bind(db.variants);
    db.variants.bulkPut = ((...args: Parameters<typeof write>) => {
      events.push(`write ${args[0].length}`);
      return write(...args);
    }) as typeof db.variants.bulkPut;
    await syncCatalog(db, api, INV);
    // Pages of 2 over 5 variants: the second page is asked for before the first is written.
    expect(events).toEqual([
      'ask first',
      `ask ${id(2)}`,
      'write 2',
      `ask ${id(4)}`,
      'write 2',
      'write 1',
    ]);
    expect(await db.variants.count()).toBe(5);
  });

  it('stops with the error of a page that fails after the one being written, cursor unchanged', async () => {
    const server = seed();
    let asked = 0;
    const api: CatalogApi = {
      start: server.api.start,
      page: (q) =>
        q.part === 'variants' && ++asked === 2
          ? Promise.reject(Object.assign(new Error('offline'), { status: 0 }))
          : server.api.page(q),
    };
    await expect(syncCatalog(db, api, INV)).rejects.toThrow('offline');
    expect(await db.meta.get('sync')).toBeUndefined();
    // The next sync is a full load again, and completes.
    await syncCatalog(db, server.api, INV);
    expect(await db.variants.count()).toBe(5);
  });

  it("finds a rare word among a common one's many variants, reading only the rare word's", async () => {
    const server = fakeServer(50);
    for (let i = 1; i <= 40; i++) {
      const r = variant(i, `بلوفر صوف إصدار ${100 + i}`, [`62210000${String(i).padStart(5, '0')}`]);
      server.state.variants.set(r[0], r);
    }
    // Two of its words start with «بل»: listed twice under it.
    const twice = variant(41, 'بلوزة بلوفر قطن', ['6221000099999']);
    server.state.variants.set(twice[0], twice);
    await syncCatalog(db, server.api, INV);
    const names = async (q: string, limit: number) =>
      (await searchVariants(db, q, limit)).map((v) => v.productName);
    // «بلوفر» is common, «139» rare: found though it is past the common word's first rows, and
    // only the one variant both name is read.
    const read = jest.spyOn(db.variants, 'bulkGet');
    expect(await names('بلوفر 139', 5)).toEqual(['بلوفر صوف إصدار 139']);
    expect(read.mock.calls.map(([ids]) => ids)).toEqual([[id(39)]]);
    read.mockRestore();
    expect(await names('اصدار 14', 5)).toEqual(['بلوفر صوف إصدار 140']);
    // Only common words: as many as asked for.
    expect(await names('بلوفر صوف', 5)).toHaveLength(5);
    // A variant two of whose words start with a typed word is found once.
    expect(await names('بل قطن', 41)).toEqual(['بلوزة بلوفر قطن']);
    expect(await names('بل قطن', 2)).toEqual(['بلوزة بلوفر قطن']);
    expect(await names('بلوفر 999', 5)).toEqual([]);
  });

  it('reads a bounded number of rows however common the words, with the same results', async () => {
    // 60 products «حذاء رياضي …» (both words common), each its own model number; 6 of them «جلد».
    const server = fakeServer(25);
    for (let i = 1; i <= 60; i++) {
      const name = `حذاء رياضي ${i % 10 === 0 ? 'جلد' : 'قماش'} موديل ${300 + i}`;
      const r = variant(i, name, [`62210002${String(i).padStart(5, '0')}`]);
      server.state.variants.set(r[0], r);
    }
    await syncCatalog(db, server.api, INV);
    const counter = await countReads(db);
    // A word's postings are listed by their keys up to 4 (a word and a chunk of products each):
    // a start of more words is not intersected but checked on the rows; at most 20 products read.
    const small = { keys: 4, products: 20 };
    const search = (q: string, limit: number) =>
      counter.during(async () => (await searchVariants(db, q, limit, small)).map((v) => v.id));
    expect(await search('حذاء رياضي 342', 5)).toEqual([id(42)]);
    // one key and one posting row a word (one chunk), one product, one variant
    expect(counter.reads).toMatchObject({
      'postings keys': 3,
      postings: 3,
      products: 1,
      variants: 1,
    });
    expect(await search('جلد حذاء', 10)).toEqual([10, 20, 30, 40, 50, 60].map(id));
    expect(counter.reads).toMatchObject({ postings: 2, products: 6, variants: 6 });
    // A short start of many words (here more than 4: «3» starts 301…360) with common words:
    // those words' first chunk intersected, the short start checked on the products, 20 read at
    // most (a page of 40 at a time: the 40 of the first page).
    for (const q of ['حذاء 3', 'رياضي موديل 35']) {
      const found = await counter.during(() => searchVariants(db, q, 5, small));
      expect(counter.reads['postings keys']).toBeLessThanOrEqual(
        (small.keys + 1) * q.split(' ').length,
      );
      expect(counter.reads.postings).toBeLessThanOrEqual(q.split(' ').length - 1);
      expect(counter.reads.products).toBe(40);
      // what is listed matches (a match past the products read is not looked for: «…35»)
      for (const v of found) expect(v.productName).toContain(q.split(' ')[0]);
    }
    // Two common words: their first chunk only, 40 products, 5 listed.
    expect(await search('حذاء رياضي', 5)).toHaveLength(5);
    expect(counter.reads).toMatchObject({ postings: 2, products: 40 });
    expect(await search('رياضي موديل 35', 5)).toEqual([]);
    // The same answers as with the default bounds (every word's postings intersected) when the
    // matches are among the products read.
    for (const [q, limit] of [
      ['حذاء رياضي 342', 5],
      ['جلد حذاء', 10],
      ['ق 31', 20],
      ['موديل 30', 20],
      ['جل', 3],
    ] as const) {
      const bounded = await searchVariants(db, q, limit, small);
      expect(bounded.length).toBeGreaterThan(0);
      expect(bounded).toEqual(await searchVariants(db, q, limit, SEARCH_BOUNDS));
    }
    expect((await searchVariants(db, 'رياضي موديل 35', 20, SEARCH_BOUNDS)).length).toBe(10);
  });

  it('reads a common word one chunk of products at a time, and a rare one in every chunk it is in', async () => {
    // 8,200 products (chunks 0 and 1 of 8,192): «صنف» in all, «نادر» in two (one a chunk),
    // «شائع» in every other one.
    const server = fakeServer(4_100);
    const rare = new Set([8, 8_195]);
    for (let i = 0; i < 8_200; i++) {
      const name = `صنف ${rare.has(i) ? 'نادر' : ''} ${i % 2 ? 'شائع' : 'عادي'} ${i}`;
      const r = variant(i, name, []);
      server.state.variants.set(r[0], r);
    }
    await syncCatalog(db, server.api, INV);
    const counter = await countReads(db);
    const search = (q: string, limit = 20) =>
      counter.during(async () => (await searchVariants(db, q, limit)).map((v) => v.id));
    // A common word: its first chunk's row only, and the first 80 products.
    expect(await search('صنف')).toHaveLength(20);
    expect(counter.reads).toMatchObject({ 'postings keys': 2, postings: 1, products: 80 });
    // A rare word: a row in each of its chunks, its two products, found however far apart.
    expect(await search('نادر')).toEqual([8_195, 8].map(id)); // by name: «شائع» before «عادي»
    expect(counter.reads).toMatchObject({ postings: 2, products: 2, variants: 2 });
    // Rare and common together: both words' rows in each chunk, only the products in both.
    expect(await search('نادر شائع')).toEqual([id(8_195)]);
    expect(counter.reads).toMatchObject({ postings: 4, products: 1 });
    expect(await search('عادي نادر')).toEqual([id(8)]);
  });

  it('searches over products: rare and common words, prefixes, codes, two common words, by name', async () => {
    // Pages of 3: a product's variants land on two pages (its words are merged, not replaced).
    const server = fakeServer(3);
    const add = (r: DeviceVariantRow) => server.state.variants.set(r[0], r);
    const sameProduct = (
      i: number,
      product: number,
      name: string,
      props: Record<string, string>,
    ) => {
      const r = variant(i, name, [`62210001${String(i).padStart(5, '0')}`], 1000, props);
      r[1] = id(5000 + product);
      return r;
    };
    // 30 products «جاكيت …», 12 of them «اديداس» (two words of many products each).
    for (let i = 1; i <= 30; i++)
      add(sameProduct(i, i, `جاكيت ${i <= 12 ? 'اديداس' : 'بوما'} طراز ${200 + i}`, {}));
    // One product, three variants across pages: its colours are its words.
    add(sameProduct(31, 31, 'قميص كتان', { اللون: 'أسود' }));
    add(sameProduct(32, 31, 'قميص كتان', { اللون: 'أبيض' }));
    add(sameProduct(33, 31, 'قميص كتان', { اللون: 'أحمر' }));
    await syncCatalog(db, server.api, INV);
    expect(await db.products.count()).toBe(31);
    expect((await db.products.get(id(5031)))?.words).toEqual(
      expect.arrayContaining(['قميص', 'كتان', 'اسود', 'ابيض', 'احمر']),
    );
    const names = async (q: string, limit = 50) =>
      (await searchVariants(db, q, limit)).map((v) => v.productName);

    // A rare word with a common one; the last word a prefix (a model number being typed).
    expect(await names('جاكيت 207')).toEqual(['جاكيت اديداس طراز 207']);
    expect(await names('جاكيت 22')).toEqual([
      'جاكيت بوما طراز 220',
      'جاكيت بوما طراز 221',
      'جاكيت بوما طراز 222',
      'جاكيت بوما طراز 223',
      'جاكيت بوما طراز 224',
      'جاكيت بوما طراز 225',
      'جاكيت بوما طراز 226',
      'جاكيت بوما طراز 227',
      'جاكيت بوما طراز 228',
      'جاكيت بوما طراز 229',
    ]);
    // Two common words: both lists intersected, every match, by name.
    const both = await searchVariants(db, 'جاكيت ادي', 50);
    expect(both).toHaveLength(12);
    expect(both.map((v) => v.productName)).toEqual(
      Array.from({ length: 12 }, (_, i) => `جاكيت اديداس طراز ${201 + i}`),
    );
    // Fewer asked for than match: that many, by name.
    expect(await names('جاكيت', 4)).toEqual([
      'جاكيت اديداس طراز 201',
      'جاكيت اديداس طراز 202',
      'جاكيت اديداس طراز 203',
      'جاكيت اديداس طراز 204',
    ]);
    // Hamza and taa marbuta typed either way; a property value picks the variant, not the product.
    expect((await searchVariants(db, 'قميص اسود', 10)).map((v) => v.id)).toEqual([id(31)]);
    expect((await searchVariants(db, 'كتان أب', 10)).map((v) => v.id)).toEqual([id(32)]);
    expect(await names('قميص اخضر')).toEqual([]);
    // A typed word that starts a SKU or a barcode (codes are not product words), any case.
    expect((await searchVariants(db, 'sku-3', 10)).map((v) => v.id)).toEqual([
      id(3),
      id(30),
      id(31),
      id(32),
      id(33),
    ]);
    expect((await searchVariants(db, 'جاكيت 622100010000', 50)).map((v) => v.id)).toHaveLength(9);
    // An exact code first, then by name.
    const exact = await searchVariants(db, 'SKU-31', 10);
    expect(exact.map((v) => v.id)).toEqual([id(31)]);
    const first = await searchVariants(db, 'sku-2', 10);
    expect(first[0].id).toBe(id(2));
    expect(first.slice(1).map((v) => v.productName)).toEqual(
      first
        .slice(1)
        .map((v) => v.productName)
        .sort((a, b) => a.localeCompare(b, 'ar')),
    );
  });

  it('rebuilds a device catalog of the first schema: the next sync is a full load, the outbox kept', async () => {
    const name = `pos-catalog-test-${++n}`;
    const old = new Dexie(name);
    old.version(1).stores({
      variants: 'id, *codes, *words',
      stock: 'variantId',
      customers: 'id, phone, *words',
      paymentMethods: 'id',
      meta: 'key',
    });
    await old.table('variants').put({ id: id(1), codes: ['X'], words: ['x'] });
    await old.table('stock').put({ variantId: id(1), onHand: 1, reserved: 0 });
    await old.table('meta').put({ key: 'sync', inventoryId: INV, cursor: '9:9:', syncedAt: null });
    const outbox = new Dexie(`pos-outbox-test-${n}`);
    outbox.version(1).stores({ queue: 'id' });
    await outbox.table('queue').put({ id: 'sale-1' });
    old.close();

    const upgraded = openCatalogDb(name);
    await upgraded.open();
    expect(await upgraded.variants.count()).toBe(0);
    expect(await upgraded.meta.get('sync')).toBeUndefined();
    const server = seed();
    expect((await syncCatalog(upgraded, server.api, INV)).full).toBe(true);
    expect((await findByCode(upgraded, '6221000000028'))?.id).toBe(id(2));
    expect((await searchVariants(upgraded, 'مكرونه', 5)).map((v) => v.id)).toEqual([id(2)]);
    upgraded.close();
    await upgraded.delete();
    expect(await outbox.table('queue').count()).toBe(1);
    outbox.close();
    await outbox.delete();
  });

  it('loads everything in pages with progress, then finds by code and by words', async () => {
    const server = seed();
    const progress: number[] = [];
    const first = await syncCatalog(db, server.api, INV, (p) => progress.push(p.done / p.total));
    expect(first.full).toBe(true);
    expect(await db.variants.count()).toBe(5);
    expect(await db.stock.count()).toBe(2);
    expect(await db.paymentMethods.count()).toBe(1);
    expect(progress[0]).toBe(0);
    expect(progress[progress.length - 1]).toBe(1);
    expect(progress.length).toBeGreaterThan(3);
    expect((await db.meta.get('sync'))?.cursor).toBe(first.cursor);

    const hit = await findByCode(db, '6221000000011');
    expect(hit).toMatchObject({
      id: id(1),
      productName: 'أحمد للمنظفات',
      sellPrice: 1000,
      minSellPrice: 900,
      vatRate: 14,
      unit: 'piece',
      onHand: 12,
      reserved: 2,
      active: true,
    });
    // The SKU is a code too; a code not in the catalog finds nothing; no stock row: 0 on hand.
    expect((await findByCode(db, 'SKU-3'))?.id).toBe(id(3));
    expect((await findByCode(db, 'SKU-3'))?.onHand).toBe(0);
    expect(await findByCode(db, '999')).toBeNull();
  });

  it('searches with the one Arabic normalisation: hamza forms, taa marbuta, alef maksura', async () => {
    const server = seed();
    server.state.variants.set(id(6), variant(6, 'مكتبة المدرسة', ['6221000000066']));
    server.state.variants.set(id(7), variant(7, 'حلوى مولد', ['6221000000073']));
    await syncCatalog(db, server.api, INV);
    const names = async (q: string) => (await searchVariants(db, q, 10)).map((v) => v.productName);
    expect(await names('احمد')).toEqual(['أحمد للمنظفات']);
    expect(await names('إحمد')).toEqual(['أحمد للمنظفات']);
    expect(await names('مكتبه')).toEqual(['مكتبة المدرسة']);
    expect(await names('حلوي')).toEqual(['حلوى مولد']);
    expect(await names('مك')).toEqual(['مكتبة المدرسة', 'مكرونة الملكة']);
    // Every word must match (each a word's start), in any order; properties count.
    expect(await names('الملكه مكرونه')).toEqual(['مكرونة الملكة']);
    expect(await names('جبنه كيلو')).toEqual(['جبنة رومي']);
    expect(await names('جبنه لتر')).toEqual([]);
    expect(await names('  ')).toEqual([]);
    // Tashkeel and tatweel are ignored, Latin case too.
    expect(await names('شَايْ')).toEqual(['شاي العروسة']);
    expect(await names('sku-4')).toEqual(['شاي العروسة']);
    expect(await searchVariants(db, 'م', 1)).toHaveLength(1);
  });

  it('applies a delta: changed rows, new barcodes, removals and deactivations', async () => {
    const server = seed();
    await syncCatalog(db, server.api, INV);
    server.settle();
    // A price change, a barcode replaced, a variant deleted, one deactivated, stock moved.
    server.state.variants.set(id(2), variant(2, 'مكرونة الملكة', ['6221000000028'], 1750));
    server.state.variants.set(id(3), variant(3, 'جبنة رومي', ['6221000000999'], 9000));
    server.state.variants.delete(id(4));
    server.state.removedVariants = [id(4)];
    server.state.variants.delete(id(5));
    server.state.inactive = [id(5)];
    server.state.stock.set(id(1), [id(1), 11, 2]);
    for (const i of [2, 3, 1]) server.state.changed.add(id(i));

    const delta = await syncCatalog(db, server.api, INV);
    expect(delta.full).toBe(false);
    expect(server.state.starts).toEqual([null, '1:1:']);
    expect(await db.variants.count()).toBe(3);
    expect((await findByCode(db, '6221000000028'))?.sellPrice).toBe(1750);
    expect(await findByCode(db, '6221000000035')).toBeNull();
    expect((await findByCode(db, '6221000000999'))?.id).toBe(id(3));
    expect(await findByCode(db, '6221000000042')).toBeNull();
    expect(await findByCode(db, '6221000000059')).toBeNull();
    expect(await searchVariants(db, 'شاي', 5)).toEqual([]);
    expect((await findByCode(db, '6221000000011'))?.onHand).toBe(11);
    expect((await db.meta.get('sync'))?.cursor).toBe('2:2:');
  });

  it('keeps the old cursor when a sync is cut short, and reloads for another inventory', async () => {
    const server = seed();
    await syncCatalog(db, server.api, INV);
    const failing: CatalogApi = {
      start: server.api.start,
      page: () => Promise.reject(Object.assign(new Error('offline'), { status: 0 })),
    };
    await expect(syncCatalog(db, failing, INV)).rejects.toThrow('offline');
    expect((await db.meta.get('sync'))?.cursor).toBe('1:1:');
    // What the device held is still there.
    expect(await db.variants.count()).toBe(5);

    // A refused cursor (400): everything again from nothing.
    const refusing: CatalogApi = {
      start: (inv, since) =>
        since
          ? Promise.reject(Object.assign(new Error('bad'), { status: 400 }))
          : server.api.start(inv, since),
      page: server.api.page,
    };
    expect((await syncCatalog(db, refusing, INV)).full).toBe(true);

    // Another inventory: the device's copy is dropped and loaded again.
    server.state.starts.length = 0;
    const other = await syncCatalog(db, server.api, 'inv-2');
    expect(other.full).toBe(true);
    expect(server.state.starts).toEqual([null]);
    expect((await db.meta.get('sync'))?.inventoryId).toBe('inv-2');
  });

  it('finds customers by phone and by name, with their balance and credit limit', async () => {
    const server = seed();
    server.state.customers.set(id(50), [id(50), 'مؤسسة الإيمان', '01001234567', 25000, 100000]);
    server.state.customers.set(id(51), [id(51), 'سلمى عبد الله', '01119876543', 0, 0]);
    await syncCatalog(db, server.api, INV);
    expect(await searchCustomers(db, '0100')).toEqual([
      expect.objectContaining({ id: id(50), balance: 25000, creditLimit: 100000 }),
    ]);
    expect((await searchCustomers(db, 'الايمان')).map((c) => c.id)).toEqual([id(50)]);
    expect((await searchCustomers(db, 'سلمي')).map((c) => c.id)).toEqual([id(51)]);
    expect(await searchCustomers(db, 'خالد')).toEqual([]);
  });

  it('keeps live stock events', async () => {
    const server = seed();
    await syncCatalog(db, server.api, INV);
    await applyStockEvent(db, { variantId: id(2), onHand: 1, reserved: 1 });
    expect(await findByCode(db, '6221000000028')).toMatchObject({ onHand: 1, reserved: 1 });
  });
});
