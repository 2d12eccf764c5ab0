import type { GiftCardDto } from '@pos/contracts';
import { http } from '../../../shared/api/http';

/** GET /api/GiftCards/lookup (docs/api-giftcards.md): an active card by its typed or scanned code. */
export const lookupGiftCard = (code: string) =>
  http.get<GiftCardDto>('/GiftCards/lookup', { code: code.trim() });
