import Typography from '@mui/material/Typography';
import { formatPiasters, InstallmentCollectDto, type InstallmentPaymentDto } from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { placeLabel } from '../../../shared/lib/places';
import { PaymentFormDialog, type PaymentChoice } from '../../../shared/ui/PaymentFormDialog';
import { sessionUserState } from '../../../shared/state';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { installmentKeys, installmentsApi } from '../api/installments.api';

export type CollectTarget = {
  planId: string;
  planNumber: string;
  customerName: string;
  branchId: string;
  /** the chosen installments (empty: the oldest open ones) */
  installmentIds: string[];
  /** what they owe, late fees included: the amount's default and its ceiling */
  due: number;
  /** a line naming what is collected ('القسط 3 من 12') */
  label: string;
};

/** The vaults a collection may go into (the user's branches), those of `branchId` first. */
export function useCollectVaults(branchId: string) {
  const vaults = useQuery({ queryKey: installmentKeys.vaults, queryFn: installmentsApi.vaults });
  const options = (vaults.data ?? []).filter((v) => v.branchId === branchId);
  return { options, isLoading: vaults.isLoading };
}

/** The vault picker of a collection or a settlement (required, no vault until one is chosen). */
export function useVaultChoice(
  preset: string,
  options: PaymentChoice['options'],
  testId: string,
): PaymentChoice {
  const { t } = useTranslation('installments');
  return {
    label: t('fields.vault'),
    preset,
    options,
    noneLabel: t('form.chooseVault'),
    required: t('form.required'),
    testId,
  };
}

/** The picker's value for the till: no vault is sent, the server takes the collector's open shift. */
export const TILL = 'till';

/**
 * Where a collection may go (issue 30 item 7): the signed-in user's till when they have an open
 * shift (cash into its drawer), then the vaults of their branches; and the default: the till, else
 * the main vault of the user's branch, else of the plan's branch, else the only vault.
 */
export function useCollectPlaces(planBranchId: string) {
  const user = useAtomValue(sessionUserState);
  const vaults = useQuery({ queryKey: installmentKeys.vaults, queryFn: installmentsApi.vaults });
  const shift = useQuery({ queryKey: installmentKeys.myShift, queryFn: installmentsApi.myShift });
  const all = vaults.data ?? [];
  const open = shift.data?.status === 'open' ? shift.data : null;
  const main = (branchId: string | null | undefined) =>
    branchId ? all.find((v) => v.branchId === branchId && v.isMain)?.id : undefined;
  const fallback =
    main(user?.branchId) ?? main(planBranchId) ?? (all.length === 1 ? all[0].id : '');
  return {
    vaults: all,
    till: open,
    preferred: open ? TILL : fallback,
    isLoading: vaults.isLoading || shift.isLoading,
  };
}

/**
 * Collect money for a plan: the amount (prefilled with what the chosen installments owe; less is a
 * partial payment) into the user's till or a vault (`useCollectPlaces`). The id is made once per
 * dialog: a retry is the same collection. The picker shows the place that is sent.
 */
export function CollectDialog({
  target,
  onClose,
  onCollected,
}: {
  target: CollectTarget;
  onClose: () => void;
  onCollected: (payment: InstallmentPaymentDto) => void;
}) {
  const { t } = useTranslation('installments');
  const places = useCollectPlaces(target.branchId);
  // Pre-selected (issue 30 item 7): the user's till, else a main vault; the clerk may pick another.
  const place = useVaultChoice(
    places.isLoading ? '' : places.preferred,
    [
      ...(places.till
        ? [{ value: TILL, label: t('collect.till', { register: places.till.register }) }]
        : []),
      ...places.vaults.map((v) => ({ value: v.id, label: placeLabel(v) })),
    ],
    'collect-vault',
  );
  const collect = useCrudMutation({
    mutationFn: ({ body, key }: { body: InstallmentCollectDto; key: string }) =>
      installmentsApi.collect(target.planId, body, { idempotencyKey: key }),
    success: t('collect.done'),
    invalidate: [installmentKeys.all],
    onSuccess: onCollected,
    onDone: onClose,
  });
  return (
    <PaymentFormDialog<InstallmentCollectDto>
      title={t('collect.title', { number: target.planNumber })}
      titleId="installment-collect-title"
      submitLabel={t('collect.submit')}
      submitTestId="collect-submit"
      testId="collect-dialog"
      onClose={onClose}
      submitting={collect.isPending}
      dto={InstallmentCollectDto}
      toBody={(v, id) => ({
        id,
        amount: v.amount ?? 0,
        ...(v.place === TILL ? {} : { vaultId: v.place }),
        ...(target.installmentIds.length ? { installmentIds: target.installmentIds } : {}),
        note: v.note.trim() || undefined,
      })}
      onSubmit={(body, key) => collect.mutate({ body, key })}
      header={
        <>
          <Typography>
            {target.customerName} — {target.label}
          </Typography>
          <Typography color="text.secondary">
            {t('collect.due', { amount: formatPiasters(target.due) })}
          </Typography>
        </>
      }
      amount={{
        label: t('fields.amount'),
        preset: target.due,
        testId: 'collect-amount',
        hint: t('collect.partialHint'),
        check: (amount) =>
          amount === null || Number.isNaN(amount) || amount <= 0
            ? t('form.amountRequired')
            : amount > target.due
              ? t('form.overCollect', { due: formatPiasters(target.due) })
              : undefined,
      }}
      place={place}
      note={{ label: t('fields.note'), maxLength: 300 }}
    />
  );
}
