import type { ChipProps } from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import { routePath, type GiftCardDto, type GiftCardStatus } from '@pos/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../../shared/state/useCan';
import { moneyColumn } from '../../../shared/ui/DataTable';
import { Figures } from '../../../shared/ui/DetailKit';
import { Money } from '../../../shared/ui/Money';
import { ListPage, useListState, usePagedList } from '../../../shared/ui/PagedTable';
import { AddButton } from '../../../shared/ui/PageHeader';
import { RowLink } from '../../../shared/ui/RowLink';
import { columnsOf, dateColumn, statusColumn } from '../../../shared/ui/listColumns';
import { giftCardKeys, giftCardsApi } from '../api/giftcards.api';
import { LoadCardDialog } from './LoadCardDialog';

const CARD_STATUS_COLOR = {
  active: 'success',
  void: 'default',
} as const satisfies Record<GiftCardStatus, ChipProps['color']>;

/** /GiftCards: the cards and store credit, those holding money first, and what they hold in all. */
export default function GiftCardsPage() {
  const { t } = useTranslation('giftcards');
  const navigate = useNavigate();
  const mayIssue = useCan()('can_sell_gift_cards');
  const filter = useListState({ q: '' });
  const [issuing, setIssuing] = useState(false);
  const list = usePagedList({
    ...filter,
    queryKey: giftCardKeys.list,
    fetch: giftCardsApi.list,
  });
  const open = (card: GiftCardDto) => navigate(routePath('GiftCards-id', { id: card.id }));
  const columns = columnsOf<GiftCardDto>(
    (key) => t(`fields.${key}`),
    [
      [
        'code',
        (c) => <RowLink to={routePath('GiftCards-id', { id: c.id })}>{c.code}</RowLink>,
        { ltr: true, nowrap: true, width: 170 },
      ],
      ['kind', (c) => t(`kinds.${c.kind}`)],
      ['customer', (c) => c.customerName ?? t('list.anyone')],
      moneyColumn('balance', t('fields.balance'), (c) => c.balance),
      statusColumn(t('fields.status'), CARD_STATUS_COLOR, (s) => t(`statuses.${s}`), 'gift-status'),
      dateColumn('createdAt', t('fields.createdAt'), (c) => c.createdAt),
    ],
  );
  return (
    <ListPage
      title={t('list.title')}
      actions={
        mayIssue && (
          <AddButton
            onClick={() => setIssuing(true)}
            testId="gift-issue"
            label={t('issue.button')}
          />
        )
      }
      above={
        <Paper variant="outlined" sx={{ p: 1.5, mb: 1.5 }}>
          <Figures
            items={[
              [
                t('list.outstanding'),
                list.data ? <Money value={list.data.outstanding} /> : '…',
                'giftcards-outstanding',
              ],
              [t('list.count'), list.data ? String(list.data.total) : '…', 'giftcards-count'],
            ]}
          />
        </Paper>
      }
      query={list}
      paging={filter.paging}
      columns={columns}
      rowTestId="gift-row"
      onRowClick={open}
      emptyText={t('list.empty')}
      search={filter.search(t('list.search'), 'giftcards-search')}
    >
      {issuing && (
        <LoadCardDialog
          onClose={() => setIssuing(false)}
          onDone={(card) => {
            setIssuing(false);
            void navigate(`${routePath('GiftCards-id', { id: card.id })}?print=1`);
          }}
        />
      )}
    </ListPage>
  );
}
