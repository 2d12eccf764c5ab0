import { useQuery, type QueryKey } from '@tanstack/react-query';
import type {
  CategoryResponseDto,
  ImportReportDto,
  NearStockEndDto,
  ProductCreateDto,
  ProductPropertiesResultDto,
  ProductPropertiesUpdateDto,
  ProductResponseDto,
  ProductUpdateDto,
  PropertyTypeResponseDto,
  VariantInputDto,
  VariantResponseDto,
  VariantUpdateDto,
} from '@pos/contracts';
import { http, request, pathId } from '../../../shared/api/http';

// Calls of docs/api-catalog.md (issue 4), one place for paths and query keys.
export type ProductListQuery = {
  page: number;
  pageSize: number;
  q?: string;
  categoryId?: string;
  active?: boolean;
  sort?: string;
};

export type ProductDetail = ProductResponseDto & {
  variants: NonNullable<ProductResponseDto['variants']>;
};
export type ProductVariant = ProductDetail['variants'][number];

export type ImportJob = {
  state: string;
  progress: number;
  result?: ImportReportDto;
  error?: string;
};

export type InventoryOption = {
  id: string;
  name: string;
  branchId: string;
  branchName: string;
  isDefault?: boolean;
  /** the inventory may go below zero (the POS then sells beyond what is available) */
  allowNegative?: boolean;
};

export const catalogKeys = {
  categories: ['catalog', 'categories'] as const,
  propertyTypes: ['catalog', 'property-types'] as const,
  products: ['catalog', 'products'] as const,
  productList: (query: ProductListQuery) => ['catalog', 'products', 'list', query] as const,
  product: (productId: string) => ['catalog', 'products', 'one', productId] as const,
  nearStockEnd: ['catalog', 'near-stock-end'] as const,
  variantSearch: (q: string, inventoryId?: string) =>
    ['catalog', 'variant-search', q, inventoryId ?? ''] as const,
  inventoryOptions: ['inventory', 'options'] as const,
};

export const catalogApi = {
  categories: () => http.get<CategoryResponseDto[]>('/Categories'),

  propertyTypes: () => http.get<PropertyTypeResponseDto[]>('/PropertyTypes'),

  products: (query: ProductListQuery) => http.list<ProductResponseDto>('/Products', query),
  product: (productId: string) => http.get<ProductDetail>(`/Products/${pathId(productId)}`),
  createProduct: (body: ProductCreateDto) => http.post<ProductResponseDto>('/Products', body),
  updateProduct: (productId: string, body: ProductUpdateDto) =>
    http.patch<ProductResponseDto>(`/Products/${pathId(productId)}`, body),
  deleteProduct: (productId: string) => http.delete<void>(`/Products/${pathId(productId)}`),
  addVariant: (productId: string, body: VariantInputDto) =>
    http.post<VariantResponseDto>(`/Products/${pathId(productId)}/variants`, body),
  updateVariant: (variantId: string, body: VariantUpdateDto) =>
    http.patch<VariantResponseDto>(`/Products/variants/${pathId(variantId)}`, body),
  deleteVariant: (variantId: string) =>
    http.delete<void>(`/Products/variants/${pathId(variantId)}`),
  updateProductProperties: (productId: string, body: ProductPropertiesUpdateDto) =>
    http.post<ProductPropertiesResultDto>(`/Products/${pathId(productId)}/properties`, body),

  searchVariants: (q: string, inventoryId?: string, limit = 20, signal?: AbortSignal) =>
    request('/variants/search', { query: { q, inventoryId, limit }, signal }).then(
      (res) => res.json() as Promise<VariantResponseDto[]>,
    ),
  nearStockEnd: () => http.list<NearStockEndDto>('/variants/getNearStockEnd'),
  inventoryOptions: () => http.get<InventoryOption[]>('/Inventories/options'),

  /** The import (its opening stock moves stock): one Idempotency-Key per attempt, kept on retries. */
  importFile: (file: File, dryRun: boolean, idempotencyKey?: string) => {
    const form = new FormData();
    form.append('file', file);
    return request('/Products/import', {
      method: 'POST',
      query: { dryRun },
      body: form,
      idempotencyKey,
    }).then((res) => res.json() as Promise<ImportReportDto>);
  },
  job: (jobId: string) => http.get<ImportJob>(`/jobs/${pathId(jobId)}`),
};

// Downloads (export, template) go through the shared helper.
export { downloadFile } from '../../../shared/api/download';

/** A list the pages share, fresh enough for `staleTime`. */
function useSharedList<T>(
  queryKey: QueryKey,
  queryFn: () => Promise<T>,
  enabled: boolean,
  staleTime = 30_000,
) {
  return useQuery({ queryKey, queryFn, enabled, staleTime });
}

export const useCategories = (enabled = true) =>
  useSharedList(catalogKeys.categories, catalogApi.categories, enabled);

export const usePropertyTypes = (enabled = true) =>
  useSharedList(catalogKeys.propertyTypes, catalogApi.propertyTypes, enabled);

/** Every inventory (id, name, branch): pickers and the opening-stock columns. */
export const useInventoryOptions = (enabled = true) =>
  useSharedList(catalogKeys.inventoryOptions, catalogApi.inventoryOptions, enabled, 60_000);
