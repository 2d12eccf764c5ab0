// The branch's pricing rules on the device (issue 33): GET /api/PricingRules with its ETag, kept in
// localStorage so a till that starts or stays offline prices with the rules it last had (the
// server checks an offline sale against the version the till says it used, docs/offline.md).
import type { PricingRulesDto } from '@pos/contracts';
import { http, isApiClientError, request } from '../../../shared/api/http';

type Kept = { etag: string | null; rules: PricingRulesDto };

const keyOf = (branchId: string) => `pos.pricing.${branchId}`;

type Store = Pick<Storage, 'getItem' | 'setItem'>;

/** The rules kept for this branch, or null (none kept, or unreadable). */
export function keptRules(storage: Store | null, branchId: string): Kept | null {
  try {
    const raw = storage?.getItem(keyOf(branchId));
    if (!raw) return null;
    const kept = JSON.parse(raw) as Kept;
    return kept?.rules && typeof kept.rules.version === 'string' ? kept : null;
  } catch {
    return null;
  }
}

function keep(storage: Store | null, branchId: string, kept: Kept): void {
  try {
    storage?.setItem(keyOf(branchId), JSON.stringify(kept));
  } catch {
    // a full storage keeps the rules in memory only (this session still prices with them)
  }
}

/**
 * The branch's current rules: asked with the kept ETag (304: the kept rules still hold); new ones
 * are kept. Unreachable server: the kept rules, or the error when there are none.
 */
export async function loadRules(
  storage: Store | null,
  branchId: string,
  fetcher: typeof request = request,
): Promise<PricingRulesDto> {
  const kept = keptRules(storage, branchId);
  try {
    const res = await fetcher('/PricingRules', {
      query: { branchId },
      headers: kept?.etag ? { 'If-None-Match': kept.etag } : {},
    });
    if (res.status === 304 && kept) return kept.rules;
    const rules = (await res.json()) as PricingRulesDto;
    keep(storage, branchId, { etag: res.headers.get('ETag'), rules });
    return rules;
  } catch (err) {
    if (isApiClientError(err) && err.status === 304 && kept) return kept.rules;
    if (kept) return kept.rules;
    throw err;
  }
}

const GROUPS_KEY = 'pos.pricing.customerGroups';

function keptGroups(storage: Store | null): Record<string, string | null> {
  try {
    return JSON.parse(storage?.getItem(GROUPS_KEY) ?? '{}') as Record<string, string | null>;
  } catch {
    return {};
  }
}

/**
 * A customer's group (their price list and promotions): the server's, kept on the device so the
 * same customer is priced the same offline; unknown offline: the kept one, else none.
 */
export async function customerGroupOf(
  storage: Store | null,
  customerId: string,
  fetcher: typeof http.get = http.get,
): Promise<string | null> {
  const kept = keptGroups(storage);
  try {
    const { groupId } = await fetcher<{ groupId: string | null }>(
      `/PricingRules/customers/${encodeURIComponent(customerId)}/group`,
    );
    if (kept[customerId] !== groupId) {
      kept[customerId] = groupId;
      try {
        storage?.setItem(GROUPS_KEY, JSON.stringify(kept));
      } catch {
        // a full storage: known for this session only
      }
    }
    return groupId;
  } catch {
    return kept[customerId] ?? null;
  }
}
