import {
  PRICE_LISTS_PATH,
  PRICING_RULES_PATH,
  PROMOTIONS_PATH,
  type CustomerGroupMemberDto,
  type PriceListCreateDto,
  type PriceListItemRowDto,
  type PriceListPricesDto,
  type PriceListRowDto,
  type PriceListUpdateDto,
  type PromotionCreateDto,
  type PromotionRowDto,
  type PromotionUpdateDto,
} from '@pos/contracts';
import { http, type Query, pathId } from '../../../shared/api/http';

// The pricing back office's calls (issue 33): /api/PriceLists, /api/Promotions and a customer's
// group under /api/PricingRules (server/src/modules/pricing/controllers/pricing.controller.ts).
export type RuleListQuery = {
  page: number;
  pageSize: number;
  q?: string;
  kind?: string;
  active?: string;
  branchId?: string;
};

export const pricingKeys = {
  all: ['pricing'] as const,
  priceLists: (query: RuleListQuery) => ['pricing', 'price-lists', query] as const,
  priceList: (listId: string) => ['pricing', 'price-list', listId] as const,
  items: (listId: string, query: Query) =>
    ['pricing', 'price-list', listId, 'items', query] as const,
  promotions: (query: RuleListQuery) => ['pricing', 'promotions', query] as const,
  customerGroup: (customerId: string) => ['pricing', 'customer-group', customerId] as const,
};

export const pricingApi = {
  priceLists: (query: RuleListQuery) => http.list<PriceListRowDto>(PRICE_LISTS_PATH, query),
  priceList: (listId: string) => http.get<PriceListRowDto>(`${PRICE_LISTS_PATH}/${pathId(listId)}`),
  createPriceList: (body: PriceListCreateDto) => http.post<{ id: string }>(PRICE_LISTS_PATH, body),
  updatePriceList: (listId: string, body: PriceListUpdateDto) =>
    http.patch<PriceListRowDto>(`${PRICE_LISTS_PATH}/${pathId(listId)}`, body),
  deactivatePriceList: (listId: string) =>
    http.post<unknown>(`${PRICE_LISTS_PATH}/${pathId(listId)}/deactivate`),
  items: (listId: string, query: Query) =>
    http.list<PriceListItemRowDto>(`${PRICE_LISTS_PATH}/${pathId(listId)}/items`, query),
  setPrices: (listId: string, body: PriceListPricesDto) =>
    http.put<unknown>(`${PRICE_LISTS_PATH}/${pathId(listId)}/prices`, body),
  promotions: (query: RuleListQuery) => http.list<PromotionRowDto>(PROMOTIONS_PATH, query),
  createPromotion: (body: PromotionCreateDto) => http.post<{ id: string }>(PROMOTIONS_PATH, body),
  updatePromotion: (promotionId: string, body: PromotionUpdateDto) =>
    http.patch<PromotionRowDto>(`${PROMOTIONS_PATH}/${pathId(promotionId)}`, body),
  deactivatePromotion: (promotionId: string) =>
    http.post<unknown>(`${PROMOTIONS_PATH}/${pathId(promotionId)}/deactivate`),
  customerGroup: (customerId: string) =>
    http.get<{ groupId: string | null }>(
      `${PRICING_RULES_PATH}/customers/${pathId(customerId)}/group`,
    ),
  setCustomerGroup: (customerId: string, body: CustomerGroupMemberDto) =>
    http.put<{ groupId: string | null }>(
      `${PRICING_RULES_PATH}/customers/${pathId(customerId)}/group`,
      body,
    ),
};
