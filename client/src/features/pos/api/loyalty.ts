import { useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';

/** A customer's loyalty points as the till shows them (docs/api-loyalty.md). */
export type CustomerPoints = {
  enabled: boolean;
  points: number;
  /** what the points pay now, piasters */
  value: number;
  /** a point's value, piasters: points pay in whole points */
  pointValue: number;
};

/** GET /api/Loyalty/customers/{id}: the customer's points (issue 33 item 4). */
export const customerPoints = (customerId: string) =>
  http.get<CustomerPoints>(`/Loyalty/customers/${customerId}`);

/**
 * The cart customer's points, read from the server while online (points are online only: a till
 * cannot hold a balance another till may be spending). Fresh at each sale: a sale moves them.
 */
export function useCustomerPoints(customerId: string | null) {
  return useQuery({
    queryKey: ['loyalty', 'customer', customerId],
    queryFn: () => customerPoints(customerId!),
    enabled: !!customerId && navigator.onLine !== false,
    staleTime: 0,
    retry: false,
  });
}
