import Undo from '@mui/icons-material/Undo';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { JOURNAL_SOURCE_TYPES, routePath, type JournalEntryDto } from '@pos/contracts';
import { useTranslation } from 'react-i18next';
import { journalDescription } from '../lib/journalDescription';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import type { Column } from '../../../shared/ui/DataTable';
import { DateRangeFilter } from '../../../shared/ui/DateField';
import { SelectFilter } from '../../../shared/ui/FilterBar';
import { IconAction } from '../../../shared/ui/IconAction';
import { AddButton } from '../../../shared/ui/PageHeader';
import { dateColumn, optionsOf } from '../../../shared/ui/listColumns';
import { ListPage, useListState, usePagedList } from '../../../shared/ui/PagedTable';
import { useConfirmedMutation } from '../../../shared/ui/useCrudMutation';
import { useCan } from '../../../shared/state/useCan';
import { accountingApi, accountingKeys, accountName, useAccounts } from '../api/accounting.api';
import { treeOrder } from './AccountingTreePage';
import { Money } from '../../../shared/ui/Money';

const byQuery = (name: string, e: JournalEntryDto) =>
  `${routePath(name)}?q=${encodeURIComponent(e.sourceNumber ?? '')}`;
const partyOf = (e: JournalEntryDto, party: 'customer' | 'vendor') =>
  e.lines.find((l) => l.partyType === party)?.partyId;
const page = (name: string, id: string | null | undefined) => (id ? routePath(name, { id }) : null);
const byId = (name: string, id: string | null | undefined) =>
  id ? `${routePath(name)}?id=${id}` : null;

/**
 * The screen of an automatic entry's document, by its source type: the invoice, the product (its
 * opening stock), the stock-taking, the transfer, the shift, the installment plan; an adjustment
 * opens its inventory, a cost edit its product, a return or loyalty points their invoice, a gift
 * card's movement its card.
 */
const SOURCE_HREF: Record<string, (e: JournalEntryDto) => string | null> = {
  sale: (e) => page('invoices-id', e.sourceId),
  sale_revaluation: (e) => page('invoices-id', e.sourceId),
  product: (e) => page('Products-id', e.sourceId),
  stock_taking: (e) => page('StockTaking-id', e.sourceId),
  transfer: (e) => page('Inventories-TransferRequests-id', e.sourceId),
  stock_adjustment: (e) => page('Inventories-id', e.sourceParentId),
  variant: (e) => page('Products-id', e.sourceParentId),
  expense: (e) => byId('Expenses', e.sourceId),
  maintenance: (e) => page('Maintenance-id', e.sourceId),
  reservation: (e) => byQuery('Reservations', e),
  delivery: (e) => page('Delivery-id', e.sourceId),
  cheque: (e) => byQuery('Checks', e),
  vendor_opening: (e) => page('Vendors-id', e.sourceId),
  customer_payment: (e) => page('Customers-id', partyOf(e, 'customer')),
  vendor_payment: (e) => page('Vendors-id', partyOf(e, 'vendor')),
  purchase: (e) => byId('buy', e.sourceId),
  purchase_return: (e) => byId('buy', e.sourceParentId),
  money_transaction: (e) => byId('MoneyTransactions', e.sourceId),
  // a return, points earned or taken back: the invoice; a gift card's movement: the card
  return: (e) => page('invoices-id', e.sourceParentId),
  loyalty: (e) => page('invoices-id', e.sourceParentId),
  gift_card: (e) => page('GiftCards-id', e.sourceParentId),
  shift: (e) => page('Shift-id', e.sourceId),
  shift_deposit: (e) => page('Shift-id', e.sourceId),
  installment_plan: (e) => page('Installments-id', e.sourceId),
  installment_payment: (e) => page('Installments-id', e.sourceParentId),
};
const sourceHref = (e: JournalEntryDto) =>
  (e.sourceId && SOURCE_HREF[e.sourceType ?? '']?.(e)) || null;

/** /JournalEntries: every entry, automatic ones linked to their documents, newest first. */
export default function JournalEntriesPage() {
  const { t, i18n } = useTranslation('accounting');
  const can = useCan();
  const navigate = useNavigate();
  const canDates = can('can_use_date_filter');
  const canManage = can('can_manage_accounting');
  // The dates are only offered with can_use_date_filter: without it they stay empty.
  const filter = useListState({
    sourceType: '',
    accountId: '',
    from: '',
    to: '',
  });
  const accounts = useAccounts();
  const list = usePagedList({
    ...filter,
    queryKey: accountingKeys.journal,
    fetch: accountingApi.journal,
  });
  const reverse = useConfirmedMutation<JournalEntryDto>({
    mutationFn: (e, options) =>
      accountingApi.reverseEntry(e.id, t('journal.reverseReason'), options),
    success: t('journal.reversed'),
    invalidate: [accountingKeys.all],
    closeOnError: true,
  });

  const source = (e: JournalEntryDto) => {
    const label = t(`sources.${e.sourceType ?? 'manual'}`);
    const href = sourceHref(e);
    if (href) return <a href={href}>{`${label} ${e.sourceNumber ?? ''}`}</a>;
    return e.sourceNumber ? `${label} ${e.sourceNumber}` : label;
  };
  const columns: Column<JournalEntryDto>[] = [
    { key: 'number', header: t('journal.number'), ltr: true, render: (e) => e.number },
    dateColumn('date', t('journal.date'), (e) => e.occurredAt),
    {
      key: 'source',
      header: t('journal.source'),
      render: (e) => (
        <>
          {source(e)}
          {e.reversesId && <Chip size="small" sx={{ mx: 1 }} label={t('journal.reversal')} />}
          {e.reversedById && (
            <Chip size="small" color="warning" sx={{ mx: 1 }} label={t('journal.reversedChip')} />
          )}
        </>
      ),
    },
    {
      key: 'description',
      header: t('journal.description'),
      render: (e) =>
        [e.reference, journalDescription(t, e.sourceType, e.description)]
          .filter(Boolean)
          .join(' — '),
    },
    {
      key: 'lines',
      header: t('journal.lines'),
      render: (e) => (
        <Table size="small" aria-label={t('journal.linesOf', { number: e.number })}>
          <TableBody>
            {e.lines.map((l) => (
              <TableRow key={l.lineNo}>
                <TableCell sx={{ border: 0, py: 0.25 }}>
                  <bdi dir="ltr">{l.accountCode}</bdi>{' '}
                  {accountName({ nameAr: l.accountNameAr, nameEn: l.accountNameEn }, i18n.language)}
                </TableCell>
                <TableCell sx={{ border: 0, py: 0.25 }} align="right" dir="ltr">
                  {l.debit ? <Money value={l.debit} /> : ''}
                </TableCell>
                <TableCell sx={{ border: 0, py: 0.25 }} align="right" dir="ltr">
                  {l.credit ? <Money value={l.credit} /> : ''}
                </TableCell>
              </TableRow>
            ))}
            {e.hiddenLines > 0 && (
              <TableRow>
                <TableCell
                  colSpan={3}
                  sx={{ border: 0, py: 0.25, color: 'text.secondary' }}
                  data-testid="journal-hidden-lines"
                >
                  {t('journal.hiddenLines', { count: e.hiddenLines })}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      hidden: !canManage,
      nowrap: true,
      render: (e) =>
        e.sourceType === 'manual' &&
        !e.reversesId &&
        !e.reversedById && (
          <IconAction
            icon={Undo}
            label={t('journal.reverse', { number: e.number })}
            testId="journal-reverse"
            onClick={() => reverse.ask(e)}
          />
        ),
    },
  ];

  return (
    <ListPage
      title={t('journal.title')}
      actions={
        canManage && (
          <AddButton
            onClick={() => navigate(routePath('JournalEntries-new'))}
            testId="journal-new"
            label={t('journal.new')}
          />
        )
      }
      query={list}
      paging={filter.paging}
      columns={columns}
      rowTestId="journal-row"
      emptyText={t('journal.empty')}
      filters={
        <>
          <SelectFilter
            {...filter.select('sourceType', t('journal.source'), 200)}
            allLabel={t('common.all')}
            options={optionsOf(JOURNAL_SOURCE_TYPES, (s) => t(`sources.${s}`))}
          />
          <SelectFilter
            {...filter.select('accountId', t('journal.account'), 200)}
            allLabel={t('common.all')}
            options={treeOrder(accounts.data ?? [])
              .filter((a) => !a.isGroup)
              .map((a) => ({ value: a.id, label: `${a.code} ${accountName(a, i18n.language)}` }))}
          />
          {canDates && (
            <DateRangeFilter {...filter.dates} labels={[t('common.from'), t('common.to')]} />
          )}
        </>
      }
    >
      <ConfirmDialog
        {...reverse.dialogProps}
        title={t('journal.reverseTitle')}
        message={
          reverse.target ? t('journal.reverseMessage', { number: reverse.target.number }) : ''
        }
      />
    </ListPage>
  );
}
