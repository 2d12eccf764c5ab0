import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  MONEY_TRANSACTION_TYPES,
  PAYMENT_METHODS,
  putsIntoVault,
  takesFromVault,
  VAULTS,
  type MoneyTransactionDto,
  type MoneyTransactionType,
  type PaymentMethodDto,
  type VaultDto,
} from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { newId } from '../../../shared/lib/ids';
import { resourceApi, resourceKeys } from '../../../shared/resource';
import { AmountField } from '../../../shared/ui/AmountField';
import { FormDialog } from '../../../shared/ui/FormDialog';
import { SelectField } from '../../../shared/ui/SelectField';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { cashApi, cashKeys } from '../api/cash.api';
import { methodName } from '../../../shared/api/paymentMethods';

/** A new money transaction: its type decides which vaults it takes (and the settled method). */
export function MoneyTransactionForm({
  onClose,
  onDone,
}: {
  onClose: () => void;
  onDone: (tx: MoneyTransactionDto) => void;
}) {
  const { t, i18n } = useTranslation('cash');
  const [id] = useState(newId);
  const [type, setType] = useState<MoneyTransactionType>('deposit');
  const [fromVaultId, setFrom] = useState('');
  const [toVaultId, setTo] = useState('');
  const [methodId, setMethod] = useState('');
  const [amount, setAmount] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const own = useQuery({
    queryKey: resourceKeys.list(VAULTS, { pageSize: 500, active: 'true' }),
    queryFn: () => resourceApi(VAULTS).list({ pageSize: 500, active: 'true' }),
  });
  const targets = useQuery({ queryKey: cashKeys.targets, queryFn: cashApi.targets });
  const methods = useQuery({
    queryKey: resourceKeys.list(PAYMENT_METHODS, { pageSize: 500 }),
    queryFn: () => resourceApi(PAYMENT_METHODS).list({ pageSize: 500 }),
    enabled: type === 'settlement',
  });
  const ownVaults = (own.data?.rows ?? []) as VaultDto[];
  const settled = ((methods.data?.rows ?? []) as PaymentMethodDto[]).filter(
    (m) => m.type === 'card' || m.type === 'wallet',
  );
  const vaultLabel = (v: { name: string; branchName: string }) => `${v.name} — ${v.branchName}`;
  const intoOptions =
    type === 'transfer'
      ? (targets.data ?? []).filter((v) => v.id !== fromVaultId)
      : ownVaults.filter((v) => type !== 'settlement' || v.type === 'bank');

  const save = useCrudMutation({
    idempotent: true,
    mutationFn: (_: void, options) =>
      cashApi.record(
        {
          id,
          type,
          amount: amount ?? 0,
          fromVaultId: takesFromVault(type) ? fromVaultId || null : null,
          toVaultId: putsIntoVault(type) ? toVaultId || null : null,
          paymentMethodId: type === 'settlement' ? methodId || null : null,
          reason,
        },
        options,
      ),
    success: (tx) => t(tx.status === 'pending' ? 'form.sent' : 'form.saved', { number: tx.number }),
    invalidate: [cashKeys.all, resourceKeys.all(VAULTS)],
    onDone,
  });

  const pickMethod = (value: string) => {
    setMethod(value);
    const m = settled.find((x) => x.id === value);
    if (m?.settlementVaultId) setTo(m.settlementVaultId);
  };
  const crossBranch =
    type === 'transfer' &&
    !!fromVaultId &&
    !!toVaultId &&
    ownVaults.find((v) => v.id === fromVaultId)?.branchId !==
      targets.data?.find((v) => v.id === toVaultId)?.branchId;

  return (
    <FormDialog
      open
      onClose={onClose}
      onSubmit={() => save.mutate(undefined)}
      submitting={save.isPending}
      title={t('form.title')}
      titleId="money-form-title"
      submitTestId="money-save"
    >
      <Stack sx={{ gap: 2, pt: 1 }}>
        <SelectField
          name="type"
          label={t('fields.type')}
          value={type}
          onChange={(v) => setType(v as MoneyTransactionType)}
          options={MONEY_TRANSACTION_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))}
          noneLabel={t('form.choose')}
          testId="money-type"
        />
        {type === 'settlement' && (
          <SelectField
            name="paymentMethodId"
            label={t('fields.paymentMethod')}
            value={methodId}
            onChange={pickMethod}
            options={settled.map((m) => ({ value: m.id, label: methodName(m, i18n.language) }))}
            noneLabel={t('form.choose')}
            testId="money-method"
          />
        )}
        {takesFromVault(type) && (
          <SelectField
            name="fromVaultId"
            label={t('fields.from')}
            value={fromVaultId}
            onChange={setFrom}
            options={ownVaults.map((v) => ({ value: v.id, label: vaultLabel(v) }))}
            noneLabel={t('form.choose')}
            testId="money-from"
          />
        )}
        {putsIntoVault(type) && (
          <SelectField
            name="toVaultId"
            label={t('fields.to')}
            value={toVaultId}
            onChange={setTo}
            options={intoOptions.map((v) => ({ value: v.id, label: vaultLabel(v) }))}
            noneLabel={t('form.choose')}
            testId="money-to"
          />
        )}
        {crossBranch && <Alert severity="info">{t('form.crossBranch')}</Alert>}
        <AmountField
          label={t('fields.amount')}
          value={amount}
          onValue={setAmount}
          required
          positive
          testId="money-amount"
        />
        <TextField
          label={t('fields.reason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'money-reason' } }}
          required
        />
      </Stack>
    </FormDialog>
  );
}
