import {
  DEVICE_GRANT_HEADER,
  type CreateSaleDto,
  type SaleBatchResultDto,
  type SaleDto,
} from '@pos/contracts';
import { request } from '../../../../shared/api/http';
import { isApiClientError } from '../../../../shared/api/ApiClientError';
import { serverAnswered } from '../../../../shared/lib/offlineSession';
import { classifyAnswer } from './classify';

export type SendResult =
  /** `made`: the sale was made by this try (201), not by an earlier one (200) */
  | { verdict: 'sent'; sale: SaleDto; made?: boolean }
  | { verdict: 'refused' | 'retry'; status: number; code: string | null; reason: string };

/** How long one try may take before it counts as no answer. */
export const SEND_TIMEOUT_MS = 15_000;
/** A batch's try: the server makes its sales one after the other. */
export const BATCH_TIMEOUT_MS = 30_000;

/** One try of `path` with `body` (never throws): the answer's body, or the failed try classified. */
async function tryPost(
  path: string,
  body: unknown,
  timeoutMs: number,
  grant?: string,
): Promise<{ body: unknown; status: number } | Exclude<SendResult, { verdict: 'sent' }>> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), timeoutMs);
  try {
    const res = await request(path, {
      method: 'POST',
      body,
      signal: abort.signal,
      ...(grant ? { headers: { [DEVICE_GRANT_HEADER]: grant } } : {}),
    });
    serverAnswered();
    return { body: await res.json(), status: res.status };
  } catch (err) {
    if (isApiClientError(err)) {
      if (err.status > 0) serverAnswered();
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

/**
 * One try of POST /api/Sales, its answer classified (never throws); with the cashier's grant for
 * this till when the sale carries one (booked to them, whoever is signed in).
 */
export async function postSale(
  dto: CreateSaleDto,
  timeoutMs = SEND_TIMEOUT_MS,
  grant?: string,
): Promise<SendResult> {
  const answer = await tryPost('/Sales', dto, timeoutMs, grant);
  return 'body' in answer
    ? { verdict: 'sent', sale: answer.body as SaleDto, made: answer.status === 201 }
    : answer;
}

/**
 * One try of POST /api/Sales/batch (docs/decisions/0075), never throws: each sale's answer
 * classified, in the batch's order. Shorter than the batch when the server stopped at a sale that
 * got no final answer (the rest were not tried) or the try got no answer at all (one `retry` for
 * the first sale). A refusal of the whole request (an older server without the route, a body too
 * large) says nothing of the sales: the first one goes alone through `single`.
 */
export async function postSales(
  dtos: CreateSaleDto[],
  single: (dto: CreateSaleDto) => Promise<SendResult> = postSale,
  timeoutMs = BATCH_TIMEOUT_MS,
  grant?: string,
): Promise<SendResult[]> {
  const answer = await tryPost('/Sales/batch', { sales: dtos }, timeoutMs, grant);
  if (!('body' in answer)) return [answer.verdict === 'retry' ? answer : await single(dtos[0])];
  const { results } = answer.body as SaleBatchResultDto;
  const out: SendResult[] = [];
  for (const [i, item] of (results ?? []).entries()) {
    // (the server answers in the batch's order; anything else is no answer for the rest)
    if (item.id !== dtos[i]?.id) break;
    if (item.ok) {
      out.push({ verdict: 'sent', sale: item.sale });
      continue;
    }
    const { statusCode, code, message, statusMessage } = item.error;
    const verdict = classifyAnswer(statusCode, code);
    out.push({
      verdict: verdict === 'sent' ? 'retry' : verdict,
      status: statusCode,
      code,
      reason: message || statusMessage,
    });
  }
  return out;
}
