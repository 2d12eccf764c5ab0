// Gift cards and store credit in the back office (issue 33 item 5, docs/decisions/0093): the
// cards with what they hold in all, a card's movements, selling one and topping it up.
import { lazy } from 'react';

export const pages = {
  GiftCards: lazy(() => import('./components/GiftCardsPage')),
  'GiftCards-id': lazy(() => import('./components/GiftCardPage')),
};
