import {
  INVENTORIES,
  type ExpiringLotsDto,
  type InventoryResponseDto,
  type SerialUnitDto,
  type StockAdjustmentDto,
  type StockMovementDto,
  type StockRowDto,
} from '@pos/contracts';
import { http, request, type WriteOptions, pathId } from '../../../shared/api/http';

/** One inventory's path (the list and its changes go through the resource kit). */
const inventoryPath = (inventoryId: string) => `${INVENTORIES.path}/${pathId(inventoryId)}`;

export type StockFilter = 'low' | 'out' | 'in';
export type StockQuery = {
  page: number;
  pageSize: number;
  q?: string;
  categoryId?: string;
  filter?: StockFilter;
};

export type StockPage = { rows: StockRowDto[]; total: number; totalValue: number | null };

export const inventoryKeys = {
  all: ['inventory'] as const,
  one: (inventoryId: string) => ['inventory', 'one', inventoryId] as const,
  stock: (inventoryId: string, query: StockQuery) =>
    ['inventory', 'stock', inventoryId, query] as const,
  movements: (variantId: string, inventoryId: string, page: number) =>
    ['inventory', 'movements', variantId, inventoryId, page] as const,
};

const numberHeader = (res: Response, name: string): number | null => {
  const raw = res.headers.get(name);
  if (raw === null || raw === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : null;
};

export const inventoryApi = {
  get: (inventoryId: string) => http.get<InventoryResponseDto>(inventoryPath(inventoryId)),
  /** The stock of one inventory; X-Total-Value (value at cost) only with can_see_buy_price. */
  stock: async (inventoryId: string, query: StockQuery): Promise<StockPage> => {
    const res = await request(`${inventoryPath(inventoryId)}/stock`, { query });
    const rows = ((await res.json()) ?? []) as StockRowDto[];
    return {
      rows,
      total: numberHeader(res, 'X-Total-Count') ?? rows.length,
      totalValue: numberHeader(res, 'X-Total-Value'),
    };
  },
  movements: (variantId: string, inventoryId: string, page: number, pageSize: number) =>
    http.list<StockMovementDto>(`/variants/${pathId(variantId)}/movements`, {
      inventoryId,
      page,
      pageSize,
    }),
  adjust: (body: StockAdjustmentDto, options?: WriteOptions) =>
    http.post<{ movements: number }>('/StockAdjustments', body, options),
};

/** GET /api/Batches/expiring: the user's branch's lots near expiry (issue 34 item 7). */
export const expiringLotsKey = ['inventory', 'expiring-lots'] as const;
export const fetchExpiringLots = () => http.get<ExpiringLotsDto>('/Batches/expiring');

/** GET /api/Serials/{code}: the units a serial or an IMEI names, with their history (0100). */
export const serialKey = (code: string) => ['inventory', 'serial', code] as const;
export const fetchSerial = (code: string) => http.get<SerialUnitDto[]>(`/Serials/${pathId(code)}`);
