import type { LoyaltyProgramDto } from '@pos/contracts';
import { http } from '../../../shared/api/http';

// The loyalty program's calls (docs/api-loyalty.md, issue 33 item 4, docs/decisions/0093).

export type LoyaltyMove = {
  type: 'earn' | 'redeem' | 'return' | 'revalue';
  points: number;
  /** piasters */
  value: number;
  pointsAfter: number;
  referenceType: string | null;
  referenceId: string | null;
  createdAt: string;
};

/** A customer's points, what they pay now, and their last 20 movements (newest first). */
export type CustomerLoyalty = {
  enabled: boolean;
  points: number;
  value: number;
  pointValue: number;
  moves: LoyaltyMove[];
};

export const loyaltyKeys = {
  program: ['loyalty', 'program'] as const,
  // the till's key for a customer's points (features/pos/api/loyalty.ts): one cache for both
  customer: (customerId: string) => ['loyalty', 'customer', customerId] as const,
};

export const loyaltyApi = {
  program: () => http.get<LoyaltyProgramDto>('/Loyalty/program'),
  /** Admin only; no Idempotency-Key (absolute values under the program's lock: 0091). */
  setProgram: (body: LoyaltyProgramDto) => http.put<LoyaltyProgramDto>('/Loyalty/program', body),
  customer: (customerId: string) =>
    http.get<CustomerLoyalty>(`/Loyalty/customers/${encodeURIComponent(customerId)}`),
};
