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

/**
 * The screen of an automatic entry's document: the invoice, the product (its opening stock), the
 * stock-taking, the transfer; an adjustment opens its inventory, a cost edit its product.
 */
function sourceHref(e: JournalEntryDto): string | null {
  if (!e.sourceId) return null;
  switch (e.sourceType) {
    case 'sale':
    case 'sale_revaluation':
      return routePath('invoices-id', { id: e.sourceId });
    case 'product':
      return routePath('Products-id', { id: e.sourceId });
    case 'stock_taking':
      return routePath('StockTaking-id', { id: e.sourceId });
    case 'transfer':
      return routePath('Inventories-TransferRequests-id', { id: e.sourceId });
    case 'stock_adjustment':
      return e.sourceParentId ? routePath('Inventories-id', { id: e.sourceParentId }) : null;
    case 'variant':
      return e.sourceParentId ? routePath('Products-id', { id: e.sourceParentId }) : null;
    case 'expense':
      return `${routePath('Expenses')}?id=${e.sourceId}`;
    case 'maintenance':
      return routePath('Maintenance-id', { id: e.sourceId });
    case 'reservation':
      return `${routePath('Reservations')}?q=${encodeURIComponent(e.sourceNumber ?? '')}`;
    case 'delivery':
      return routePath('Delivery-id', { id: e.sourceId });
    case 'cheque':
      return `${routePath('Checks')}?q=${encodeURIComponent(e.sourceNumber ?? '')}`;
    case 'vendor_opening':
      return routePath('Vendors-id', { id: e.sourceId });
    case 'customer_payment': {
      const customer = e.lines.find((l) => l.partyType === 'customer')?.partyId;
      return customer ? routePath('Customers-id', { id: customer }) : null;
    }
    case 'vendor_payment': {
      const vendor = e.lines.find((l) => l.partyType === 'vendor')?.partyId;
      return vendor ? routePath('Vendors-id', { id: vendor }) : null;
    }
    case 'purchase':
      return `${routePath('buy')}?id=${e.sourceId}`;
    case 'purchase_return':
      return e.sourceParentId ? `${routePath('buy')}?id=${e.sourceParentId}` : null;
    case 'money_transaction':
      return `${routePath('MoneyTransactions')}?id=${e.sourceId}`;
    default:
      return null;
  }
}

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
          <AddButton onClick={() => navigate(routePath('JournalEntries-new'))} testId="journal-new">
            {t('journal.new')}
          </AddButton>
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
            {...filter.bind('sourceType')}
            label={t('journal.source')}
            allLabel={t('common.all')}
            minWidth={200}
            options={optionsOf(JOURNAL_SOURCE_TYPES, (s) => t(`sources.${s}`))}
          />
          <SelectFilter
            {...filter.bind('accountId')}
            label={t('journal.account')}
            allLabel={t('common.all')}
            minWidth={200}
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
