import { DateRangeFilter } from '../../../shared/ui/DateField';
import { LookupFilter } from '../../../shared/ui/FilterBar';
import Autocomplete from '@mui/material/Autocomplete';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { routePath, type AccountStatementLineDto } from '@pos/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { journalDescription } from '../lib/journalDescription';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { formatDay } from '../../../shared/lib/format';
import { customerKeys, customersApi, type CustomerSearchHit } from '../../customers';
import {
  accountingApi,
  accountingKeys,
  accountName,
  downloadReport,
  useAccounts,
  type StatementQuery,
} from '../api/accounting.api';
import { treeOrder } from './AccountingTreePage';
import { amount, BranchFilter, ReportFrame, useRangeText, useReportFilters } from './ReportFrame';

/** The document behind a movement: a sale links to its invoice; others name their source. */
function Source({ line }: { line: AccountStatementLineDto }) {
  const { t } = useTranslation('accounting');
  const label = `${t(`sources.${line.sourceType ?? 'manual'}`)}${line.sourceNumber ? ` ${line.sourceNumber}` : ''}`;
  if (line.sourceType === 'sale' && line.sourceId)
    return (
      <Link component={RouterLink} to={routePath('invoices-id', { id: line.sourceId })}>
        {label}
      </Link>
    );
  return <>{label}</>;
}

/**
 * /Reports/AccountStatement (can_see_totals): an account's (and its sub-accounts') opening balance,
 * each movement with its running balance and the closing balance, for a range, a branch and, on
 * the customers account, one customer. Its filters live in the address, so reports link to it.
 */
export default function AccountStatementPage() {
  const { t, i18n } = useTranslation('accounting');
  const { canDates } = useReportFilters();
  const [params, setParams] = useSearchParams();
  const accounts = useAccounts();
  const get = (key: string) => params.get(key) ?? '';
  // A new account drops the party (a customer belongs to the customers account only).
  const update = (patch: Record<string, string>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if ('accountId' in patch) Object.assign(patch, { partyType: '', partyId: '' });
        for (const [key, value] of Object.entries(patch))
          if (value) next.set(key, value);
          else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const set = (key: string, value: string) => update({ [key]: value });
  const [party, setParty] = useState<CustomerSearchHit | null>(null);
  const accountId = get('accountId');
  const account = accounts.data?.find((a) => a.id === accountId);
  const partyType = get('partyType') as StatementQuery['partyType'] | '';
  const query: StatementQuery = {
    accountId,
    ...(canDates ? { from: get('from') || undefined, to: get('to') || undefined } : {}),
    branchId: get('branchId') || undefined,
    ...(partyType && get('partyId') ? { partyType, partyId: get('partyId') } : {}),
  };
  const report = useQuery({
    queryKey: accountingKeys.statement(query),
    queryFn: () => accountingApi.statement(query),
    enabled: !!accountId,
    placeholderData: keepPreviousData,
  });
  useErrorToast(report.error);
  const d = report.data?.account.id === accountId ? report.data : undefined;
  const options = useMemo(
    () =>
      treeOrder(accounts.data ?? []).map((a) => ({
        ...a,
        label: `${a.code} ${accountName(a, i18n.language)}`,
      })),
    [accounts.data, i18n.language],
  );
  const rangeText = useRangeText()(query);
  const title = d
    ? `${t('statement.title')}: ${d.account.code} ${accountName(d.account, i18n.language)}${d.partyName ? ` — ${d.partyName}` : ''}`
    : t('statement.title');

  return (
    <ReportFrame
      title={title}
      rangeText={rangeText}
      ready={!!d}
      busy={report.isFetching}
      testId="account-statement"
      onExport={() => downloadReport('statement', query)}
      filters={
        <>
          <Autocomplete
            size="small"
            sx={{ minInlineSize: 300 }}
            options={options}
            value={options.find((o) => o.id === accountId) ?? null}
            onChange={(_, next) => set('accountId', next?.id ?? '')}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            renderOption={(props, o) => (
              <li {...props} key={o.id} style={{ paddingInlineStart: 16 + o.depth * 16 }}>
                <Typography component="span" sx={{ fontWeight: o.isGroup ? 700 : 400 }}>
                  {o.label}
                </Typography>
              </li>
            )}
            renderInput={(p) => (
              <TextField
                {...p}
                label={t('statement.account')}
                slotProps={{
                  ...p.slotProps,
                  htmlInput: { ...p.slotProps.htmlInput, 'data-testid': 'statement-account' },
                }}
              />
            )}
          />
          {canDates && (
            <DateRangeFilter
              from={get('from')}
              to={get('to')}
              onFrom={(v) => set('from', v)}
              onTo={(v) => set('to', v)}
              labels={[t('common.from'), t('common.to')]}
            />
          )}
          <BranchFilter value={get('branchId')} onChange={(v) => set('branchId', v)} />
          {account?.systemKey === 'customers' && (
            <LookupFilter
              label={t('statement.customer')}
              noOptionsText={t('statement.noParty')}
              queryKey={customerKeys.search}
              search={customersApi.search}
              minWidth={220}
              testId="statement-party"
              value={party}
              onChange={(c) => {
                setParty(c);
                update({ partyType: c ? 'customer' : '', partyId: c?.id ?? '' });
              }}
            />
          )}
        </>
      }
    >
      {!accountId ? (
        <Typography sx={{ p: 2 }} color="text.secondary">
          {t('statement.pick')}
        </Typography>
      ) : (
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>{t('journal.date')}</TableCell>
              <TableCell>{t('journal.number')}</TableCell>
              <TableCell>{t('journal.source')}</TableCell>
              <TableCell>{t('journal.description')}</TableCell>
              <TableCell align="right">{t('entry.debit')}</TableCell>
              <TableCell align="right">{t('entry.credit')}</TableCell>
              <TableCell align="right">
                {d
                  ? t('statement.balanceOn', { side: t(`entry.${d.account.normalSide}`) })
                  : t('statement.balance')}
              </TableCell>
            </TableRow>
          </TableHead>
          {d && (
            <>
              <TableBody>
                <TableRow data-testid="statement-opening">
                  <TableCell colSpan={6} sx={{ fontWeight: 700 }}>
                    {t('statement.opening')}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 700 }}>
                    {amount(d.opening)}
                  </TableCell>
                </TableRow>
                {d.lines.map((l, i) => (
                  <TableRow key={`${l.entryId}-${i}`} data-testid="statement-row">
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(l.day)}</TableCell>
                    <TableCell dir="ltr">{l.entryNumber}</TableCell>
                    <TableCell>
                      <Source line={l} />
                    </TableCell>
                    <TableCell>{journalDescription(t, l.sourceType, l.description)}</TableCell>
                    <TableCell align="right">{l.debit ? amount(l.debit) : ''}</TableCell>
                    <TableCell align="right">{l.credit ? amount(l.credit) : ''}</TableCell>
                    <TableCell align="right">{amount(l.balance)}</TableCell>
                  </TableRow>
                ))}
                {!d.lines.length && (
                  <TableRow>
                    <TableCell colSpan={7} sx={{ color: 'text.secondary' }}>
                      {t('statement.empty')}
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
              <TableFooter>
                <TableRow data-testid="statement-closing">
                  <TableCell colSpan={4} sx={{ fontWeight: 700 }}>
                    {t('statement.closing')}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 700 }}>
                    {amount(d.totals.debit)}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 700 }}>
                    {amount(d.totals.credit)}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 700 }}>
                    {amount(d.closing)}
                  </TableCell>
                </TableRow>
              </TableFooter>
            </>
          )}
        </Table>
      )}
    </ReportFrame>
  );
}
