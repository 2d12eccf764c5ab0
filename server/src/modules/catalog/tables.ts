// Tables catalog owns that have no entity class.
// The table-ownership check (tests/lint/table-ownership.spec.ts) reads this list with the entity files.
/** device_catalog_removals: tombstones written by the database's delete triggers (DeviceCatalogCursor). */
export const OWNED_TABLES = ['device_catalog_removals'] as const;
