import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import {
  formatPiasters,
  InstallmentCollectDto,
  InstallmentSettleDto,
  type InstallmentPaymentDto,
  type InstallmentPlanDetailDto,
} from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { formatDay } from '../../../shared/lib/format';
import { placeLabel } from '../../../shared/lib/places';
import { sessionUserState } from '../../../shared/state';
import {
  PaymentFormDialog,
  type PaymentChoice,
  type PaymentFormDialogProps,
} from '../../../shared/ui/PaymentFormDialog';
import type { DoneDialogProps } from '../../../shared/ui/FormDialog';
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

/** The picker's value for the till: no vault is sent, the server takes the collector's open shift. */
const TILL = 'till';

/**
 * Where a collection may go (issue 30 item 7): the signed-in user's till when they have an open
 * shift (cash into its drawer), then the vaults of their branches; and the default: the till, else
 * the main vault of the user's branch, else of the plan's branch, else the only vault.
 */
function useCollectPlaces(planBranchId: string) {
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

type PlanPaymentProps<B, R> = Pick<
  PaymentFormDialogProps<B>,
  'dto' | 'toBody' | 'header' | 'amount'
> &
  DoneDialogProps<R> & {
    kind: 'collect' | 'settle';
    number: string;
    /** The vault choice (required, none until one is chosen): its preset and options. */
    place: Pick<PaymentChoice, 'preset' | 'options'>;
    send: (body: B, idempotencyKey: string) => Promise<R>;
    /** False: the body is not sent yet (the quote is loading). */
    ready?: boolean;
  };

/** What a collection and a settlement share: their texts and test ids by `kind`, the vault, the note. */
function PlanPaymentDialog<B, R>(props: PlanPaymentProps<B, R>) {
  const { kind, number, place, send, onDone, ready = true, ...rest } = props;
  const { t } = useTranslation('installments');
  const mutation = useCrudMutation({
    mutationFn: ({ body, key }: { body: B; key: string }) => send(body, key),
    success: t(`${kind}.done`),
    invalidate: [installmentKeys.all],
    onSuccess: onDone,
    onDone: props.onClose,
  });
  return (
    <PaymentFormDialog<B>
      {...rest}
      title={t(`${kind}.title`, { number })}
      titleId={`installment-${kind}-title`}
      submitLabel={t(`${kind}.submit`)}
      submitTestId={`${kind}-submit`}
      testId={`${kind}-dialog`}
      submitting={mutation.isPending}
      onSubmit={(body, key) => ready && mutation.mutate({ body, key })}
      place={{
        ...place,
        label: t('fields.vault'),
        noneLabel: t('form.chooseVault'),
        required: t('form.required'),
        testId: `${kind}-vault`,
      }}
      note={{ label: t('fields.note'), maxLength: 300 }}
    />
  );
}

type CollectDialogProps = { target: CollectTarget } & DoneDialogProps<InstallmentPaymentDto>;

/** A dialog about a plan that ends with the plan as it is then. */
export type PlanDialogProps = {
  plan: InstallmentPlanDetailDto;
} & DoneDialogProps<InstallmentPlanDetailDto>;

/**
 * Collect money for a plan: the amount (prefilled with what the chosen installments owe; less is a
 * partial payment) into the user's till or a vault (`useCollectPlaces`). The id is made once per
 * dialog: a retry is the same collection. The picker shows the place that is sent.
 */
export function CollectDialog({ target, ...done }: CollectDialogProps) {
  const { t } = useTranslation('installments');
  const places = useCollectPlaces(target.branchId);
  return (
    <PlanPaymentDialog<InstallmentCollectDto, InstallmentPaymentDto>
      {...done}
      kind="collect"
      number={target.planNumber}
      send={(body, key) => installmentsApi.collect(target.planId, body, { idempotencyKey: key })}
      dto={InstallmentCollectDto}
      toBody={(v, id) => ({
        id,
        amount: v.amount ?? 0,
        ...(v.place === TILL ? {} : { vaultId: v.place }),
        ...(target.installmentIds.length ? { installmentIds: target.installmentIds } : {}),
        note: v.note.trim() || undefined,
      })}
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
      // Pre-selected (issue 30 item 7): the user's till, else a main vault; the clerk may pick another.
      place={{
        preset: places.isLoading ? '' : places.preferred,
        options: [
          ...(places.till
            ? [{ value: TILL, label: t('collect.till', { register: places.till.register }) }]
            : []),
          ...places.vaults.map((v) => ({ value: v.id, label: placeLabel(v) })),
        ],
      }}
    />
  );
}

/** Early settlement: the server's quote for today (discount on the unearned interest), then pay it. */
export function SettleDialog({ plan, ...done }: PlanDialogProps) {
  const { t } = useTranslation('installments');
  const quote = useQuery({
    queryKey: installmentKeys.quote(plan.id),
    queryFn: () => installmentsApi.quote(plan.id),
    staleTime: 0,
  });
  useErrorToast(quote.error);
  // The vaults of the plan's branch (of those the user may use).
  const vaults = useQuery({ queryKey: installmentKeys.vaults, queryFn: installmentsApi.vaults });
  const options = (vaults.data ?? []).filter((v) => v.branchId === plan.branchId);
  const q = quote.data;
  return (
    <PlanPaymentDialog<InstallmentSettleDto, InstallmentPlanDetailDto>
      {...done}
      kind="settle"
      ready={!!q}
      number={plan.number}
      send={(body, key) => installmentsApi.settle(plan.id, body, { idempotencyKey: key })}
      dto={InstallmentSettleDto}
      toBody={(v, id) => ({ id, vaultId: v.place, note: v.note.trim() || undefined })}
      header={
        <>
          {quote.isLoading && <LinearProgress />}
          {q && (
            <Box sx={{ display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.5 }}>
              <Typography>{t('settle.date')}</Typography>
              <Typography>{formatDay(q.date)}</Typography>
              <Typography>{t('settle.left')}</Typography>
              <Typography>{formatPiasters(q.outstanding)}</Typography>
              <Typography>{t('fields.lateFees')}</Typography>
              <Typography>{formatPiasters(q.lateFees)}</Typography>
              <Typography>{t('fields.discount')}</Typography>
              <Typography color="success.main" data-testid="settle-discount">
                {formatPiasters(q.discount)}
              </Typography>
              <Typography sx={{ fontWeight: 800 }}>{t('settle.toPay')}</Typography>
              <Typography sx={{ fontWeight: 800 }} data-testid="settle-to-pay">
                {formatPiasters(q.toPay)}
              </Typography>
            </Box>
          )}
          {q && q.discount === 0 && <Alert severity="info">{t('settle.noDiscount')}</Alert>}
        </>
      }
      place={{
        preset: options.length === 1 ? options[0].id : '',
        options: options.map((v) => ({ value: v.id, label: placeLabel(v) })),
      }}
    />
  );
}
