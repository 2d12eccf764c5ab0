import { DateRangeFilter } from '../../../shared/ui/DateField';
import { LookupFilter } from '../../../shared/ui/FilterBar';
import { DataTable } from '../../../shared/ui/DataTable';
import Autocomplete from '@mui/material/Autocomplete';
import Link from '@mui/material/Link';
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

const bold = { fontWeight: 700 };

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
        <DataTable
          ariaLabel={title}
          rows={d?.lines.map((l, i) => ({ ...l, key: `${l.entryId}-${i}` })) ?? []}
          rowKey={(l) => l.key}
          rowTestId="statement-row"
          loading={!d}
          emptyText={t('statement.empty')}
          hover={false}
          scroll={false}
          columns={[
            {
              key: 'day',
              header: t('journal.date'),
              nowrap: true,
              render: (l) => formatDay(l.day),
            },
            {
              key: 'number',
              header: t('journal.number'),
              dir: 'ltr',
              render: (l) => l.entryNumber,
            },
            { key: 'source', header: t('journal.source'), render: (l) => <Source line={l} /> },
            {
              key: 'description',
              header: t('journal.description'),
              render: (l) => journalDescription(t, l.sourceType, l.description),
            },
            ...(['debit', 'credit'] as const).map((k) => ({
              key: k,
              header: t(`entry.${k}`),
              align: 'right' as const,
              render: (l: AccountStatementLineDto) => (l[k] ? amount(l[k]) : ''),
            })),
            {
              key: 'balance',
              header: d
                ? t('statement.balanceOn', { side: t(`entry.${d.account.normalSide}`) })
                : t('statement.balance'),
              align: 'right',
              render: (l) => amount(l.balance),
            },
          ]}
          leadRows={
            d && [
              {
                testId: 'statement-opening',
                sx: bold,
                cells: [
                  { content: t('statement.opening'), colSpan: 6 },
                  { content: amount(d.opening) },
                ],
              },
            ]
          }
          footRows={
            d && [
              {
                testId: 'statement-closing',
                sx: bold,
                cells: [
                  { content: t('statement.closing'), colSpan: 4 },
                  ...[d.totals.debit, d.totals.credit, d.closing].map((v) => ({
                    content: amount(v),
                  })),
                ],
              },
            ]
          }
        />
      )}
    </ReportFrame>
  );
}
