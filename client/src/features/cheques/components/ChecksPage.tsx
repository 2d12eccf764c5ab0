import { ListPage, useListState, usePagedList } from '../../../shared/ui/PagedTable';
import Button from '@mui/material/Button';
import {
  CHEQUE_DIRECTIONS,
  CHEQUE_STATUSES,
  formatPiasters,
  type ChequeAction,
  type ChequeDto,
  type ChequeStatus,
} from '@pos/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDay } from '../../../shared/lib/format';
import { SelectFilter } from '../../../shared/ui/FilterBar';
import {
  actionsColumn,
  columnsOf,
  dateColumn,
  optionsOf,
  statusColumn,
} from '../../../shared/ui/listColumns';
import type { ChipProps } from '@mui/material/Chip';
import { AddButton } from '../../../shared/ui/PageHeader';
import { chequeKeys, chequesApi } from '../api/cheques.api';
import { ChequeFormDialog } from './ChequeFormDialog';
import { ChequeHistoryDialog } from './ChequeHistoryDialog';
import { ChequeStepDialog } from './ChequeStepDialog';

const STATUS_COLOR = {
  received: 'primary',
  issued: 'primary',
  deposited: 'warning',
  cleared: 'success',
  bounced: 'error',
  cancelled: 'default',
} as const satisfies Record<ChequeStatus, ChipProps['color']>;

/** /Checks: cheques received and issued, their flow step by step, those falling due soon. */
export default function ChecksPage() {
  const { t } = useTranslation('cheques');
  const [params] = useSearchParams();
  const filter = useListState({ q: params.get('q') ?? '', direction: '', status: '', dueSoon: '' });
  const [creating, setCreating] = useState(false);
  const [step, setStep] = useState<{ cheque: ChequeDto; action: ChequeAction } | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const list = usePagedList({
    ...filter,
    queryKey: chequeKeys.list,
    fetch: chequesApi.list,
    live: 'cheque.due',
  });

  const columns = columnsOf<ChequeDto>(
    (key) => t(`fields.${key}`),
    [
      ['number', (c) => c.number, { ltr: true }],
      ['bank', (c) => c.bank],
      ['direction', (c) => t(`directions.${c.direction}`)],
      ['party', (c) => c.partyName],
      dateColumn('dueDate', t('fields.dueDate'), (c) => c.dueDate, formatDay),
      ['amount', (c) => formatPiasters(c.amount), { align: 'right' }],
      statusColumn(t('fields.status'), STATUS_COLOR, (s) => t(`statuses.${s}`), 'cheque-status'),
      ['vault', (c) => c.vaultName ?? '', { header: t('fields.bankVault') }],
      ['branch', (c) => c.branchName],
      actionsColumn([
        (c) =>
          c.actions.map((action) => (
            <Button
              key={action}
              size="small"
              variant="outlined"
              color={action === 'bounce' || action === 'cancel' ? 'error' : 'primary'}
              onClick={() => setStep({ cheque: c, action })}
              data-testid={`cheque-${action}`}
            >
              {t(`steps.${action}.button`)}
            </Button>
          )),
      ]),
    ],
  );

  return (
    <ListPage
      title={t('list.title')}
      actions={
        <AddButton onClick={() => setCreating(true)} testId="cheque-add" label={t('list.add')} />
      }
      query={list}
      paging={filter.paging}
      columns={columns}
      rowTestId="cheque-row"
      onRowClick={(c) => setShown(c.id)}
      emptyText={t('list.empty')}
      search={filter.search(t('list.search'), 'cheques-search')}
      filters={
        <>
          <SelectFilter
            {...filter.select('direction', t('fields.direction'), 140)}
            allLabel={t('list.all')}
            options={optionsOf(CHEQUE_DIRECTIONS, (d) => t(`directions.${d}`))}
          />
          <SelectFilter
            {...filter.select('status', t('fields.status'), 150)}
            allLabel={t('list.all')}
            options={optionsOf(CHEQUE_STATUSES, (s) => t(`statuses.${s}`))}
          />
          <SelectFilter
            {...filter.select('dueSoon', t('list.due'), 170)}
            allLabel={t('list.all')}
            options={[{ value: 'true', label: t('list.dueSoon') }]}
          />
        </>
      }
    >
      {creating && <ChequeFormDialog open onClose={() => setCreating(false)} />}
      {shown && <ChequeHistoryDialog chequeId={shown} onClose={() => setShown(null)} />}
      {step && (
        <ChequeStepDialog cheque={step.cheque} action={step.action} onClose={() => setStep(null)} />
      )}
    </ListPage>
  );
}
