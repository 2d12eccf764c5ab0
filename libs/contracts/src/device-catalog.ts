// The device catalog's parts and page size (issue 32 item 2, dto/device-catalog.dto.ts for the
// rows), kept out of dto/: the till's catalog sync reads them, and everything of dto/ loads the
// `validation` chunk (client/vite.config.ts) the till's first screen must not load.

export const DEVICE_CATALOG_PARTS = ['variants', 'stock', 'customers'] as const;
export type DeviceCatalogPart = (typeof DEVICE_CATALOG_PARTS)[number];
/** Rows per page: a few thousand (about 1 MB of JSON for variants). */
export const DEVICE_CATALOG_PAGE = 5000;
