import type { ChipProps } from '@mui/material/Chip';
import { type CouponRowDto } from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { businessDay, formatDay, formatNumber } from '../../../shared/lib/format';
import { useCan } from '../../../shared/state/useCan';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { SelectFilter } from '../../../shared/ui/FilterBar';
import { ListPage, StatusBadge, useListState, usePagedList } from '../../../shared/ui/PagedTable';
import { AddButton } from '../../../shared/ui/PageHeader';
import { actionsColumn, columnsOf, dateColumn } from '../../../shared/ui/listColumns';
import { useConfirmedMutation } from '../../../shared/ui/useCrudMutation';
import { couponKeys, couponsApi } from '../api/coupons.api';
import { CouponCodesDialog } from './CouponCodesDialog';
import { CouponFormDialog } from './CouponFormDialog';

type State = 'active' | 'inactive' | 'usedUp' | 'expired' | 'notStarted';
const STATE_COLOR = {
  active: 'success',
  inactive: 'default',
  usedUp: 'warning',
  expired: 'default',
  notStarted: 'info',
} as const satisfies Record<State, ChipProps['color']>;

/** What a code is today: off, used up, out of its days, or usable (the sale checks it again). */
function stateOf(c: CouponRowDto, today: string): State {
  if (!c.active) return 'inactive';
  if (c.maxUses !== null && c.uses >= c.maxUses) return 'usedUp';
  if (c.validTo && c.validTo < today) return 'expired';
  if (c.validFrom && c.validFrom > today) return 'notStarted';
  return 'active';
}

/**
 * /Coupons: the codes of coupon promotions (docs/decisions/0086) — who may use them, how often,
 * between which days, and their state; a code typed or generated, a batch generated (printed or
 * exported), a code switched off.
 */
export default function CouponsPage() {
  const { t } = useTranslation('coupons');
  const mayWrite = useCan()('can_manage_products');
  const filter = useListState({ q: '', active: '', promotionId: '' });
  const [form, setForm] = useState<'one' | 'batch' | null>(null);
  const [generated, setGenerated] = useState<{
    batch: string;
    codes: string[];
    promotion: string;
  } | null>(null);
  const list = usePagedList({ ...filter, queryKey: couponKeys.list, fetch: couponsApi.list });
  const promotions = useQuery({ queryKey: couponKeys.promotions, queryFn: couponsApi.promotions });
  const deactivate = useConfirmedMutation<CouponRowDto>({
    mutationFn: (c) => couponsApi.deactivate(c.id),
    success: t('list.deactivated'),
    invalidate: [couponKeys.all],
  });
  const today = businessDay();
  const columns = columnsOf<CouponRowDto>(
    (key) => t(`fields.${key}`),
    [
      ['code', (c) => c.code, { ltr: true, nowrap: true, width: 190 }],
      ['promotion', (c) => c.promotionName],
      ['customer', (c) => c.customerName ?? t('list.anyone')],
      [
        'uses',
        // in words ("0 من 1"): a slash between numbers reads backwards in a right-to-left cell
        (c) =>
          c.maxUses === null
            ? t('list.usesNoLimit', { uses: formatNumber(c.uses) })
            : t('list.usesOf', { uses: formatNumber(c.uses), max: formatNumber(c.maxUses) }),
        { nowrap: true, width: 140 },
      ],
      [
        'validity',
        (c) =>
          c.validFrom || c.validTo
            ? `${formatDay(c.validFrom) || '…'} – ${formatDay(c.validTo) || '…'}`
            : t('list.always'),
        { nowrap: true },
      ],
      {
        key: 'state',
        header: t('fields.state'),
        render: (c) => {
          const state = stateOf(c, today);
          return (
            <StatusBadge
              color={STATE_COLOR[state]}
              label={t(`states.${state}`)}
              testId="coupon-state"
              status={state}
            />
          );
        },
      },
      dateColumn('createdAt', t('fields.createdAt'), (c) => c.createdAt),
      actionsColumn<CouponRowDto>([
        {
          label: t('list.deactivate'),
          onClick: deactivate.ask,
          when: (c) => mayWrite && c.active,
          color: 'error',
          testId: 'coupon-deactivate',
        },
      ]),
    ],
  );
  return (
    <ListPage
      title={t('list.title')}
      actions={
        mayWrite && (
          <>
            <AddButton
              onClick={() => setForm('batch')}
              testId="coupon-batch"
              label={t('list.batch')}
            />
            <AddButton onClick={() => setForm('one')} testId="coupon-add" label={t('list.add')} />
          </>
        )
      }
      query={list}
      paging={filter.paging}
      columns={columns}
      rowTestId="coupon-row"
      emptyText={t('list.empty')}
      search={filter.search(t('list.search'), 'coupons-search')}
      filters={
        <>
          <SelectFilter
            {...filter.select('promotionId', t('fields.promotion'), 180)}
            allLabel={t('list.all')}
            options={(promotions.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
          <SelectFilter
            {...filter.select('active', t('fields.state'), 140)}
            allLabel={t('list.all')}
            options={[
              { value: 'true', label: t('states.active') },
              { value: 'false', label: t('states.inactive') },
            ]}
          />
        </>
      }
    >
      {form && (
        <CouponFormDialog
          batch={form === 'batch'}
          onClose={() => setForm(null)}
          onGenerated={(result) => {
            setForm(null);
            setGenerated(result);
          }}
        />
      )}
      {generated && <CouponCodesDialog batch={generated} onClose={() => setGenerated(null)} />}
      <ConfirmDialog
        {...deactivate.dialogProps}
        title={t('list.deactivateTitle')}
        message={
          deactivate.target ? t('list.deactivateMessage', { code: deactivate.target.code }) : ''
        }
      />
    </ListPage>
  );
}
