import type { GiftCardDto, GiftCardIssueDto } from '@pos/contracts';
import { http } from '../../../shared/api/http';

/** GET /api/GiftCards/lookup (docs/api-giftcards.md): an active card by its typed or scanned code. */
export const lookupGiftCard = (code: string) =>
  http.get<GiftCardDto>('/GiftCards/lookup', { code: code.trim() });

/** POST /api/GiftCards: sell a card (can_sell_gift_cards), under the dialog's idempotency key. */
export const issueGiftCard = (body: GiftCardIssueDto, idempotencyKey: string) =>
  http.post<GiftCardDto>('/GiftCards', body, { idempotencyKey });
