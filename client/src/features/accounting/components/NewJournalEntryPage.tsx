import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  CONTROL_ACCOUNT_KEYS,
  formatPiasters,
  routePath,
  type LedgerAccountDto,
} from '@pos/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { businessDay } from '../../../shared/lib/format';
import { DateField } from '../../../shared/ui/DateField';
import { IconAction } from '../../../shared/ui/IconAction';
import { SaveButton } from '../../../shared/forms/SaveButton';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { newId } from '../../../shared/lib/ids';
import { AmountField } from '../../../shared/ui/AmountField';
import { DataTable } from '../../../shared/ui/DataTable';
import { useFieldGuard } from '../../../shared/ui/fieldGuard';
import { accountingApi, accountingKeys, accountName, useAccounts } from '../api/accounting.api';
import { treeOrder } from './AccountingTreePage';
import { useIdempotencyKey } from '../../../shared/lib/useIdempotencyKey';

type Line = {
  key: number;
  account: LedgerAccountDto | null;
  debit: number | null;
  credit: number | null;
  memo: string;
};
const emptyLine = (key: number): Line => ({
  key,
  account: null,
  debit: null,
  credit: null,
  memo: '',
});

const OTHER = { debit: 'credit', credit: 'debit' } as const;

/** /JournalEntries/new: a manual entry; posting is refused by the server unless it balances. */
export default function NewJournalEntryPage() {
  const { t, i18n } = useTranslation('accounting');
  const navigate = useNavigate();
  const accounts = useAccounts();
  const leaves = useMemo(
    () =>
      treeOrder(accounts.data ?? []).filter(
        (a) => !a.isGroup && a.active && !CONTROL_ACCOUNT_KEYS.includes(a.systemKey ?? ''),
      ),
    [accounts.data],
  );
  const [id] = useState(newId);
  const [date, setDate] = useState(() => businessDay());
  const [reference, setReference] = useState('');
  const [description, setDescription] = useState('');
  const [lines, setLines] = useState<Line[]>([emptyLine(1), emptyLine(2)]);
  const guard = useFieldGuard();
  const set = (key: number, patch: Partial<Line>) =>
    setLines((all) => all.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const debit = lines.reduce((s, l) => s + (l.debit ?? 0), 0);
  const credit = lines.reduce((s, l) => s + (l.credit ?? 0), 0);

  const idem = useIdempotencyKey();
  const post = useCrudMutation({
    mutationFn: () =>
      accountingApi.postEntry(
        {
          id,
          date,
          reference: reference.trim() || null,
          description: description.trim() || null,
          lines: lines
            .filter((l) => l.account && ((l.debit ?? 0) > 0 || (l.credit ?? 0) > 0))
            .map((l) => ({
              accountId: l.account!.id,
              debit: l.debit ?? 0,
              credit: l.credit ?? 0,
              memo: l.memo.trim() || null,
            })),
        },
        { idempotencyKey: idem.key },
      ),
    success: (e) => t('entry.posted', { number: e.number }),
    invalidate: [accountingKeys.all],
    onDone: () => navigate(routePath('JournalEntries')),
  });

  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        if (guard.check()) post.mutate(undefined);
      }}
    >
      <PageHeader title={t('entry.title')} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', mb: 2 }}>
          <DateField label={t('entry.date')} value={date} onChange={setDate} />
          <TextField
            size="small"
            label={t('entry.reference')}
            value={reference}
            onChange={(e) => setReference(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          <TextField
            size="small"
            sx={{ flex: 1, minInlineSize: 240 }}
            label={t('entry.description')}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'entry-description' } }}
          />
        </Stack>
        <DataTable
          ariaLabel={t('entry.lines')}
          rows={lines}
          rowKey={(l) => String(l.key)}
          rowTestId="entry-line"
          hover={false}
          scroll={false}
          columns={[
            {
              key: 'account',
              header: t('entry.account'),
              sx: { minInlineSize: 260 },
              render: (l) => (
                <Autocomplete<LedgerAccountDto, false, false, false>
                  size="small"
                  options={leaves}
                  value={l.account}
                  onChange={(_, account) => set(l.key, { account })}
                  getOptionLabel={(a) => `${a.code} ${accountName(a, i18n.language)}`}
                  isOptionEqualToValue={(a, b) => a.id === b.id}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label={t('entry.accountOf', { n: lines.indexOf(l) + 1 })}
                      slotProps={{
                        ...params.slotProps,
                        htmlInput: {
                          ...params.slotProps.htmlInput,
                          'data-testid': 'entry-account',
                        },
                      }}
                    />
                  )}
                />
              ),
            },
            ...(['debit', 'credit'] as const).map((side) => ({
              key: side,
              header: t(`entry.${side}`),
              render: (l: Line) => (
                <AmountField
                  value={l[side]}
                  onValue={(v) => set(l.key, { [side]: v, ...(v ? { [OTHER[side]]: null } : {}) })}
                  label={t(`entry.${side}Of`, { n: lines.indexOf(l) + 1 })}
                  guard={guard}
                  testId={`entry-${side}`}
                />
              ),
            })),
            {
              key: 'memo',
              header: t('entry.memo'),
              render: (l) => (
                <TextField
                  size="small"
                  value={l.memo}
                  onChange={(e) => set(l.key, { memo: e.target.value })}
                  label={t('entry.memoOf', { n: lines.indexOf(l) + 1 })}
                  slotProps={{ htmlInput: { maxLength: 200 } }}
                />
              ),
            },
            {
              key: 'remove',
              header: null,
              render: (l) => (
                <IconAction
                  icon={DeleteOutlined}
                  label={t('entry.removeLine', { n: lines.indexOf(l) + 1 })}
                  disabled={lines.length <= 2}
                  onClick={() => setLines((all) => all.filter((x) => x.key !== l.key))}
                />
              ),
            },
          ]}
          footRows={[
            {
              cells: [
                { content: t('entry.totals') },
                { content: formatPiasters(debit), dir: 'ltr', testId: 'entry-total-debit' },
                { content: formatPiasters(credit), dir: 'ltr', testId: 'entry-total-credit' },
                { colSpan: 2 },
              ],
            },
          ]}
        />
        {debit !== credit && (
          <Alert severity="warning" sx={{ mt: 1.5 }} role="status">
            {t('entry.difference', { amount: formatPiasters(Math.abs(debit - credit)) })}
          </Alert>
        )}
        <Stack direction="row" sx={{ gap: 1.5, mt: 2 }}>
          <Button
            onClick={() =>
              setLines((all) => [...all, emptyLine(Math.max(...all.map((x) => x.key)) + 1)])
            }
            data-testid="entry-add-line"
          >
            {t('entry.addLine')}
          </Button>
          <Box sx={{ flex: 1 }} />
          <SaveButton icon={null} disabled={post.isPending} testId="entry-post">
            {t('entry.post')}
          </SaveButton>
        </Stack>
      </Paper>
    </Box>
  );
}
