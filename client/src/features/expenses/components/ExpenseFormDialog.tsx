import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  EXPENSE_ATTACHMENT_MAX_BYTES,
  EXPENSE_CATEGORIES,
  formatPiasters,
  type DueRecurringExpenseDto,
  type ExpenseCategoryDto,
} from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { businessDay } from '../../../shared/lib/format';
import { resourceApi, resourceKeys } from '../../../shared/resource/api';
import { AmountField } from '../../../shared/ui/AmountField';
import { DateField } from '../../../shared/ui/DateField';
import { FormDialog } from '../../../shared/ui/FormDialog';
import { toast } from '../../../shared/ui/toast';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { expenseKeys, expensesApi } from '../api/expenses.api';

const ACTIVE_CATEGORIES = { pageSize: 500, active: 'true', sort: 'name' };

/** The categories and vaults the form offers (also used by the templates' form). */
export function useExpenseChoices() {
  const categories = useQuery({
    queryKey: resourceKeys.list(EXPENSE_CATEGORIES, ACTIVE_CATEGORIES),
    queryFn: () => resourceApi(EXPENSE_CATEGORIES).list(ACTIVE_CATEGORIES),
    staleTime: 60_000,
  });
  const options = useQuery({
    queryKey: expenseKeys.options,
    queryFn: expensesApi.options,
  });
  return {
    categories: (categories.data?.rows ?? []) as ExpenseCategoryDto[],
    vaults: options.data?.vaults ?? [],
    vendors: options.data?.vendors ?? [],
  };
}

type Props = {
  onClose: () => void;
  /** "record now" from a due template: the form starts with its values */
  template?: DueRecurringExpenseDto | null;
};

/**
 * Record an expense: date, category, vault (the branch's main vault first), amount and VAT,
 * vendor or free-text payee, note and a receipt photo (PNG, JPEG or WebP up to 2 MB; the server
 * checks the file's content again). Mounted at each opening.
 */
export function ExpenseFormDialog({ onClose, template }: Props) {
  const { t } = useTranslation('expenses');
  const { categories, vaults, vendors } = useExpenseChoices();
  const [date, setDate] = useState(() => businessDay());
  const [categoryId, setCategoryId] = useState(template?.categoryId ?? '');
  const [vaultId, setVaultId] = useState(template?.vaultId ?? '');
  const [amount, setAmount] = useState<number | null>(template?.amount ?? null);
  const [vat, setVat] = useState<number | null>(null);
  const [vendorId, setVendorId] = useState<string | null>(template?.vendorId ?? null);
  const [payee, setPayee] = useState(template?.payee ?? '');
  const [note, setNote] = useState(template?.note ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [tried, setTried] = useState(false);

  const chosenVault = vaults.find((v) => v.id === vaultId) ?? vaults[0];
  const save = useCrudMutation({
    idempotent: true,
    mutationFn: (_: void, options) =>
      expensesApi.record(
        {
          date,
          categoryId,
          vaultId: chosenVault?.id ?? null,
          amount: amount ?? 0,
          vat: vat ?? 0,
          vendorId,
          payee: vendorId ? null : payee.trim() || null,
          note: note.trim() || null,
          recurringId: template?.id ?? null,
        },
        file,
        options,
      ),
    success: (e) => t('form.saved', { number: e.number }),
    onSuccess: onClose,
    invalidate: [expenseKeys.all],
  });

  const missing = !date || !categoryId || !amount || amount <= 0;
  const pickFile = (next: File | null) => {
    if (next && next.size > EXPENSE_ATTACHMENT_MAX_BYTES) {
      toast.error(t('form.fileTooLarge'));
      return;
    }
    setFile(next);
  };

  return (
    <FormDialog
      open
      onClose={onClose}
      title={template ? t('form.titleFrom', { name: template.name }) : t('form.title')}
      submitting={save.isPending}
      submitTestId="expense-submit"
      onSubmit={() => {
        setTried(true);
        if (!missing) save.mutate(undefined);
      }}
    >
      <Stack sx={{ gap: 2, pt: 1 }}>
        <DateField label={t('form.date')} value={date} onChange={setDate} testId="expense-date" />
        <TextField
          select
          size="small"
          label={t('form.category')}
          value={categories.some((c) => c.id === categoryId) ? categoryId : ''}
          onChange={(e) => setCategoryId(e.target.value)}
          error={tried && !categoryId}
          helperText={tried && !categoryId ? t('form.required') : undefined}
          slotProps={{ htmlInput: { 'data-testid': 'expense-category' } }}
        >
          {categories.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.parentName ? `${c.parentName} / ${c.name}` : c.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('form.vault')}
          value={chosenVault?.id ?? ''}
          onChange={(e) => setVaultId(e.target.value)}
          helperText={
            chosenVault?.balance !== undefined
              ? t('form.balance', { amount: formatPiasters(chosenVault.balance) })
              : undefined
          }
          slotProps={{
            htmlInput: { 'data-testid': 'expense-vault' },
            formHelperText: { 'data-testid': 'expense-vault-balance' } as object,
          }}
        >
          {vaults.map((v) => (
            <MenuItem key={v.id} value={v.id}>
              {`${v.name} — ${v.branchName}`}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction="row" sx={{ gap: 1 }}>
          <AmountField
            label={t('form.amount')}
            value={amount}
            onValue={setAmount}
            required
            positive
            testId="expense-amount"
            error={tried && (!amount || amount <= 0)}
            fullWidth
          />
          <AmountField
            label={t('form.vat')}
            value={vat}
            onValue={setVat}
            testId="expense-vat"
            fullWidth
          />
        </Stack>
        {amount ? (
          <Typography variant="body2" color="text.secondary" data-testid="expense-form-total">
            {t('form.total', { amount: formatPiasters(amount + (vat ?? 0)) })}
          </Typography>
        ) : null}
        <Autocomplete
          size="small"
          options={vendors}
          value={vendors.find((v) => v.id === vendorId) ?? null}
          onChange={(_, v) => setVendorId(v?.id ?? null)}
          getOptionLabel={(v) => v.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          noOptionsText={t('form.noVendor')}
          renderInput={(params) => <TextField {...params} label={t('form.vendor')} />}
        />
        {!vendorId && (
          <TextField
            size="small"
            label={t('form.payee')}
            value={payee}
            onChange={(e) => setPayee(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 120, 'data-testid': 'expense-payee' } }}
          />
        )}
        <TextField
          size="small"
          label={t('form.note')}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          multiline
          minRows={2}
          slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'expense-note' } }}
        />
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center' }}>
          <Button variant="outlined" component="label">
            {t('form.attach')}
            <input
              hidden
              type="file"
              accept="image/png,image/jpeg,image/webp"
              data-testid="expense-file"
              onChange={(e) => pickFile(e.target.files?.[0] ?? null)}
            />
          </Button>
          <Typography variant="body2" color="text.secondary" noWrap>
            {file ? file.name : t('form.noFile')}
          </Typography>
        </Stack>
      </Stack>
    </FormDialog>
  );
}
