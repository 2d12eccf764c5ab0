import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import TextField from '@mui/material/TextField';
import { formatPiasters, type ChequeDirection, type ChequePartyDto } from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newId } from '../../../shared/lib/ids';
import { useDebouncedValue } from '../../../shared/lib/useDebouncedValue';
import { AmountField } from '../../../shared/ui/AmountField';
import { DateField } from '../../../shared/ui/DateField';
import { FormDialog, NoteField } from '../../../shared/ui/FormDialog';
import { SelectField } from '../../../shared/ui/SelectField';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { chequeKeys, chequesApi } from '../api/cheques.api';
import { useIdempotencyKey } from '../../../shared/lib/useIdempotencyKey';
import { useCan } from '../../../shared/state/useCan';

/** Records a cheque received from a customer or issued to a vendor (a payment on their account). */
export function ChequeFormDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('cheques');
  const [id] = useState(newId);
  const [direction, setDirection] = useState<ChequeDirection>('received');
  const [party, setParty] = useState<ChequePartyDto | null>(null);
  const [search, setSearch] = useState('');
  const [number, setNumber] = useState('');
  const [bank, setBank] = useState('');
  const [dueDate, setDueDate] = useState('');
  const [amount, setAmount] = useState<number | null>(null);
  const [note, setNote] = useState('');
  const [advance, setAdvance] = useState(false);
  const mayAdvance = useCan()('can_take_advance');
  const [tried, setTried] = useState(false);
  const partyType = direction === 'received' ? 'customer' : 'vendor';
  // More than the customer owes is an advance: a separate, labelled choice for can_take_advance
  // holders (the server refuses it otherwise; issue 30 item 13).
  const showAdvance =
    direction === 'received' &&
    mayAdvance &&
    party !== null &&
    amount !== null &&
    amount > Math.max(0, party.balance);
  const q = useDebouncedValue(search.trim(), 250);
  const parties = useQuery({
    queryKey: chequeKeys.parties(partyType, q),
    queryFn: () => chequesApi.parties(partyType, q),
    enabled: open,
  });
  const idem = useIdempotencyKey(open);
  const save = useCrudMutation({
    mutationFn: () =>
      chequesApi.create(
        {
          id,
          direction,
          number: number.trim(),
          bank: bank.trim(),
          dueDate,
          amount: amount ?? 0,
          ...(direction === 'received' ? { customerId: party?.id } : { vendorId: party?.id }),
          ...(showAdvance && advance ? { advance: true } : {}),
          note: note.trim() || undefined,
        },
        { idempotencyKey: idem.key },
      ),
    success: t('form.saved'),
    invalidate: [chequeKeys.all],
    onDone: onClose,
  });
  const missing = {
    party: !party,
    number: !number.trim(),
    bank: !bank.trim(),
    dueDate: !dueDate,
    amount: !amount || amount <= 0,
  };
  const submit = () => {
    setTried(true);
    if (Object.values(missing).some(Boolean)) return;
    save.mutate(undefined);
  };
  const err = (key: keyof typeof missing) => (tried && missing[key] ? t('form.required') : ' ');
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      onSubmit={submit}
      title={t('form.title')}
      titleId="cheque-form-title"
      submitting={save.isPending}
      submitTestId="cheque-save"
    >
      <Box sx={{ display: 'grid', gap: 1, pt: 1 }}>
        <SelectField
          name="direction"
          label={t('fields.direction')}
          value={direction}
          onChange={(v) => {
            setDirection((v || 'received') as ChequeDirection);
            setParty(null);
          }}
          options={[
            { value: 'received', label: t('directions.received') },
            { value: 'issued', label: t('directions.issued') },
          ]}
          noneLabel={t('directions.received')}
          testId="cheque-direction"
        />
        <Autocomplete
          options={parties.data ?? []}
          value={party}
          onChange={(_, v) => setParty(v)}
          onInputChange={(_, v) => setSearch(v)}
          filterOptions={(x) => x}
          getOptionLabel={(p) => p.name}
          isOptionEqualToValue={(a, b) => a.id === b.id}
          renderOption={(props, p) => (
            <li {...props} key={p.id}>
              {p.name} — {t('form.balance', { amount: formatPiasters(p.balance) })}
            </li>
          )}
          renderInput={(params) => (
            <TextField
              {...params}
              size="small"
              label={direction === 'received' ? t('fields.customer') : t('fields.vendor')}
              error={tried && missing.party}
              helperText={err('party')}
              slotProps={{
                ...params.slotProps,
                htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'cheque-party' },
              }}
            />
          )}
        />
        <TextField
          size="small"
          label={t('fields.number')}
          value={number}
          onChange={(e) => setNumber(e.target.value)}
          error={tried && missing.number}
          helperText={err('number')}
          slotProps={{ htmlInput: { maxLength: 40, 'data-testid': 'cheque-number', dir: 'ltr' } }}
        />
        <TextField
          size="small"
          label={t('fields.bank')}
          value={bank}
          onChange={(e) => setBank(e.target.value)}
          error={tried && missing.bank}
          helperText={err('bank')}
          slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'cheque-bank' } }}
        />
        <DateField
          label={t('fields.dueDate')}
          value={dueDate}
          onChange={setDueDate}
          testId="cheque-due"
        />
        <AmountField
          label={t('fields.amount')}
          value={amount}
          onValue={setAmount}
          error={tried && missing.amount}
          helperText={err('amount')}
          required
          positive
          testId="cheque-amount"
        />
        {showAdvance && (
          <div>
            <FormControlLabel
              control={
                <Checkbox
                  checked={advance}
                  onChange={(e) => setAdvance(e.target.checked)}
                  slotProps={{ input: { 'data-testid': 'cheque-advance' } as object }}
                />
              }
              label={t('form.advance')}
            />
            <FormHelperText>
              {t('form.advanceHelp', { amount: formatPiasters(Math.max(0, party?.balance ?? 0)) })}
            </FormHelperText>
          </div>
        )}
        <NoteField label={t('fields.note')} value={note} onChange={setNote} maxLength={300} />
      </Box>
    </FormDialog>
  );
}
