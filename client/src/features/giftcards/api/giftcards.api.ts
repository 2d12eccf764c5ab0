import {
  GIFT_CARDS_PATH,
  type GiftCardDto,
  type GiftCardIssueDto,
  type GiftCardLedgerRowDto,
  type GiftCardTopUpDto,
} from '@pos/contracts';
import { http, pathId } from '../../../shared/api/http';

// The back office's calls of docs/api-giftcards.md (issue 33 item 5, docs/decisions/0093).

export type GiftCardListQuery = { page: number; pageSize: number; q?: string };
export type GiftCardList = { rows: GiftCardDto[]; total: number; outstanding: number };
export type GiftCardDetail = GiftCardDto & { ledger: GiftCardLedgerRowDto[] };

const all = ['giftcards'] as const;
export const giftCardKeys = {
  all,
  list: (query: GiftCardListQuery) => [...all, 'list', query] as const,
  one: (cardId: string) => [...all, 'one', cardId] as const,
};

export const giftCardsApi = {
  /** One page of cards (those holding money first) and the outstanding total of the cards found. */
  list: (query: GiftCardListQuery) => http.get<GiftCardList>(GIFT_CARDS_PATH, query),
  get: (cardId: string) => http.get<GiftCardDetail>(`${GIFT_CARDS_PATH}/${pathId(cardId)}`),
  issue: (body: GiftCardIssueDto, idempotencyKey: string) =>
    http.post<GiftCardDto>(GIFT_CARDS_PATH, body, { idempotencyKey }),
  topUp: (cardId: string, body: GiftCardTopUpDto, idempotencyKey: string) =>
    http.post<GiftCardDto>(`${GIFT_CARDS_PATH}/${pathId(cardId)}/top-ups`, body, {
      idempotencyKey,
    }),
};
