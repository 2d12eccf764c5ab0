import { DEVICE_GRANT_HEADER, type CreateSaleDto, type SaleDto } from '@pos/contracts';
import { request } from '../../../../shared/api/http';
import { isApiClientError } from '../../../../shared/api/ApiClientError';
import { classifyAnswer } from './classify';

export type SendResult =
  | { verdict: 'sent'; sale: SaleDto }
  | { verdict: 'refused' | 'retry'; status: number; code: string | null; reason: string };

/** How long one try may take before it counts as no answer. */
export const SEND_TIMEOUT_MS = 15_000;

/**
 * One try of POST /api/Sales, its answer classified (never throws); with the cashier's grant for
 * this till when the sale carries one (booked to them, whoever is signed in).
 */
export async function postSale(
  dto: CreateSaleDto,
  timeoutMs = SEND_TIMEOUT_MS,
  grant?: string,
): Promise<SendResult> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  try {
    const res = await request('/Sales', {
      method: 'POST',
      body: dto,
      signal: abort.signal,
      ...(grant ? { headers: { [DEVICE_GRANT_HEADER]: grant } } : {}),
    });
    return { verdict: 'sent', sale: (await res.json()) as SaleDto };
  } catch (err) {
    if (isApiClientError(err)) {
      const verdict = classifyAnswer(err.status, err.code);
      return {
        verdict: verdict === 'sent' ? 'retry' : verdict,
        status: err.status,
        code: err.code,
        reason: err.message || err.statusMessage,
      };
    }
    // aborted on the timeout, or the answer could not be read
    return { verdict: 'retry', status: 0, code: null, reason: (err as Error)?.message ?? '' };
  } finally {
    clearTimeout(timer);
  }
}
