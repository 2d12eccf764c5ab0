import BlockIcon from '@mui/icons-material/Block';
import EditOutlined from '@mui/icons-material/EditOutlined';
import type { QueryKey } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActiveChip } from '../../../shared/resource';
import { useCan } from '../../../shared/state/useCan';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import type { Column } from '../../../shared/ui/DataTable';
import { SelectFilter } from '../../../shared/ui/FilterBar';
import { actionsColumn, optionsOf, type RowAction } from '../../../shared/ui/listColumns';
import { AddButton } from '../../../shared/ui/PageHeader';
import { ListPage, useListState, usePagedList } from '../../../shared/ui/PagedTable';
import { useConfirmedMutation } from '../../../shared/ui/useCrudMutation';
import { pricingKeys, type RuleListQuery } from '../api/pricing.api';
import { useMayChange } from './PricingFields';

type RuleRow = { id: string; name: string; active: boolean; branchIds: string[] };

/**
 * The list page of price lists and of promotions: search, kind and state filters (active first),
 * the rows with their state, edit and deactivate (can_manage_products, display only), the add
 * button and the form (`form(row or null, close)`).
 */
export function RuleListPage<R extends RuleRow>(props: {
  /** the i18n section: its title, subtitle, add, empty, kinds, deactivate texts */
  section: 'priceLists' | 'promotions';
  /** test ids `<testId>-add|row|edit|deactivate` */
  testId: string;
  searchTestId: string;
  kinds: readonly string[];
  fetch: (query: RuleListQuery) => Promise<{ rows: R[]; total: number }>;
  queryKey: (query: RuleListQuery) => QueryKey;
  deactivate: (id: string) => Promise<unknown>;
  /** the row's data columns (its state and buttons follow) */
  columns: Column<R>[];
  /** row buttons before edit and deactivate */
  actions?: RowAction<R>[];
  onRowClick?: (row: R) => void;
  form: (row: R | null, onClose: () => void) => ReactNode;
}) {
  const { section, testId } = props;
  const { t } = useTranslation('pricing');
  const canWrite = useCan()('can_manage_products');
  const mayChange = useMayChange();
  const filter = useListState({ q: '', kind: '', active: 'true' });
  const [editing, setEditing] = useState<{ row: R | null } | null>(null);
  const list = usePagedList({
    paging: filter.paging,
    params: filter.params,
    queryKey: props.queryKey,
    fetch: props.fetch,
  });
  const deactivate = useConfirmedMutation({
    mutationFn: (row: R) => props.deactivate(row.id),
    success: t(`${section}.deactivated`),
    invalidate: [pricingKeys.all],
  });
  const columns: Column<R>[] = [
    ...props.columns,
    { key: 'active', header: t('columns.active'), render: (r) => <ActiveChip active={r.active} /> },
    actionsColumn<R>([
      ...(props.actions ?? []),
      {
        label: t('edit'),
        onClick: (row) => setEditing({ row }),
        when: mayChange,
        icon: EditOutlined,
        iconOnly: true,
        testId: `${testId}-edit`,
      },
      {
        label: t('deactivate'),
        onClick: deactivate.ask,
        when: (r) => mayChange(r) && r.active,
        icon: BlockIcon,
        iconOnly: true,
        testId: `${testId}-deactivate`,
      },
    ]),
  ];
  return (
    <ListPage
      title={t(`${section}.title`)}
      subtitle={t(`${section}.subtitle`)}
      actions={
        canWrite && (
          <AddButton
            onClick={() => setEditing({ row: null })}
            testId={`${testId}-add`}
            label={t(`${section}.add`)}
          />
        )
      }
      query={list}
      paging={filter.paging}
      columns={columns}
      rowTestId={`${testId}-row`}
      onRowClick={props.onRowClick}
      emptyText={t(`${section}.empty`)}
      search={filter.search(t('search'), props.searchTestId)}
      filters={
        <>
          <SelectFilter
            {...filter.select('kind', t('columns.kind'), 170)}
            allLabel={t('all')}
            options={optionsOf(props.kinds, (k) => t(`${section}.kinds.${k}`))}
          />
          <SelectFilter
            {...filter.select('active', t('columns.active'), 130)}
            allLabel={t('all')}
            options={[
              { value: 'true', label: t('activeOnly') },
              { value: 'false', label: t('inactiveOnly') },
            ]}
          />
        </>
      }
    >
      {editing && props.form(editing.row, () => setEditing(null))}
      <ConfirmDialog
        {...deactivate.dialogProps}
        title={t(`${section}.deactivateTitle`)}
        message={t(`${section}.deactivateConfirm`, { name: deactivate.target?.name ?? '' })}
      />
    </ListPage>
  );
}
