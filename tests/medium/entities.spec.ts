import { getMetadataArgsStorage } from 'typeorm';
import { appEntities } from '../../server/src/app-data-source';
import { createTestApp, type TestApp } from './support/app';

// Issue 12: each context registers its own entities (TypeOrmModule.forFeature) and the app loads
// them with autoLoadEntities; the scripts outside Nest (seeds, TypeORM CLI) find the same set by
// walking the app's modules.
describe('entity registration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('the scripts outside Nest find exactly the entities the app registered', () => {
    const registered = new Set(t.ds.entityMetadatas.map((m) => m.target));
    const walked = appEntities();
    expect(registered.size).toBeGreaterThan(30);
    expect(new Set(walked)).toEqual(registered);
  });

  it('every entity class declared is registered by its module', () => {
    // By name: the global setup (seeds) loaded its own copy of the same classes.
    const declared = new Set(
      getMetadataArgsStorage().tables.map((t) => (t.target as { name: string }).name),
    );
    const registered = new Set(t.ds.entityMetadatas.map((m) => m.name));
    expect([...registered].sort()).toEqual([...declared].sort());
  });
});
