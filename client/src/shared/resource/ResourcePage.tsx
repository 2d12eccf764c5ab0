import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import type { ResourceDescriptor } from '@pos/contracts';
import type { QueryKey } from '@tanstack/react-query';
import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorToast } from '../api/useErrorToast';
import { useDebouncedValue } from '../lib/useDebouncedValue';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import type { Column } from '../ui/DataTable';
import { SearchField } from '../ui/FilterBar';
import { DeleteAction, EditAction } from '../ui/IconAction';
import { PagedTable } from '../ui/PagedTable';
import { AddButton, PageHeader } from '../ui/PageHeader';
import { useConfirmedMutation } from '../ui/useCrudMutation';
import { useEditDialog } from '../ui/useEditDialog';
import { usePaging } from '../ui/usePaging';
import { resourceApi, resourceKeys, useAccess, useResourceList } from './api';
import { ResourceForm, type ResourceField } from './ResourceForm';

type Row = { id: string } & Record<string, unknown>;

/** A table column; its header defaults to the `<i18n>.<label or key>` text. */
export type ResourceColumn<R> = Omit<Column<R>, 'header'> & {
  header?: ReactNode;
  /** The text key of the header when it is not the column key (a field's name). */
  label?: string;
};

export type ResourcePageProps<R extends Row> = {
  resource: ResourceDescriptor<R, object, object>;
  /**
   * Where the page's texts are, e.g. 'expenses:categories': `title`, `add`, `edit`, and one text
   * per column key and per field name (unless given).
   */
  i18n: string;
  /** A column whose key is one of the contract's sortable properties sorts the list from its header. */
  columns: ResourceColumn<R>[];
  /** The form's fields (none with `form`). */
  fields?: ResourceField[];
  /** A new row's form values (from the rows shown, e.g. the next sort order). */
  defaults?: Record<string, unknown> | ((rows: R[]) => Record<string, unknown>);
  /** Other queries to refresh after a change (screens that read the resource their own way). */
  invalidate?: QueryKey[];
  /** Names a row in the delete confirmation. */
  rowName: (row: R) => string;
  /** Prefix of the test ids: `<id>-row`, `<id>-add`, `<id>-search`, `<id>-<field>`, `<id>-submit`... */
  testId: string;
  /** No search box (a short list). */
  searchable?: boolean;
  /** Opening a row (a link to its own page); the actions column does not open it. */
  onRowClick?: (row: R) => void;
  /** The resource's own dialog instead of <ResourceForm> (a form with sections, uploads…). */
  form?: (props: { row: R | null; onClose: () => void }) => ReactNode;
  /** Beside the title (a count, say). */
  meta?: ReactNode;
  /** Above the table (a limit reached, a read-only note). */
  notice?: ReactNode;
  /** Why no row may be added now: the add button is disabled with it as its tooltip. */
  addBlocked?: string | false;
};

/**
 * A reference resource's screen from its contract: search, a server-paged DataGrid sorted from its
 * headers, add/edit in a react-hook-form dialog, delete after a confirmation. Buttons show by the
 * contract's access rules (display only: the server checks every call).
 */
export function ResourcePage<R extends Row>(props: ResourcePageProps<R>) {
  const { resource, testId, i18n } = props;
  const { t } = useTranslation(['common', i18n.split(':')[0]]);
  const label = (key: string) => t(`${i18n}.${key}`);
  const title = label('title');
  const fields = (props.fields ?? []).map(
    (f) => ({ ...f, label: f.label ?? label(f.name) }) as ResourceField,
  );
  const can = useAccess();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState(resource.defaultSort);
  const paging = usePaging();
  const q = useDebouncedValue(search.trim());
  const readable = can(resource.read);
  const list = useResourceList(
    resource,
    { page: paging.page + 1, pageSize: paging.pageSize, q, sort },
    readable,
  );
  const form = useEditDialog<R>();
  const remove = useConfirmedMutation<R>({
    mutationFn: (row) => resourceApi(resource).remove(row.id),
    success: t([`${i18n}.deleted`, 'resource.deleted']),
    invalidate: [resourceKeys.all(resource), ...(props.invalidate ?? [])],
  });
  useErrorToast(list.error);
  if (!readable) return <Alert severity="warning">{t('resource.forbidden')}</Alert>;

  const canWrite = can(resource.write);
  const canRemove = can(resource.remove === undefined ? resource.write : resource.remove);
  const columns: Column<R>[] = props.columns.map((c) => ({
    ...c,
    header: c.header ?? label(c.label ?? c.key),
  }));
  columns.push({
    key: 'actions',
    header: t('resource.actions'),
    padding: 'none',
    nowrap: true,
    stopPropagation: true,
    hidden: !canWrite && !canRemove,
    render: (row) => (
      <Stack direction="row">
        {canWrite && (
          <EditAction
            label={t([`${i18n}.editAction`, 'edit'])}
            onClick={() => form.openEdit(row)}
            testId={`${testId}-edit`}
          />
        )}
        {canRemove && (
          <DeleteAction
            label={t([`${i18n}.deleteAction`, 'delete'])}
            onClick={() => remove.ask(row)}
            testId={`${testId}-delete`}
          />
        )}
      </Stack>
    ),
  });

  return (
    <Box>
      <PageHeader
        title={title}
        meta={props.meta}
        actions={
          canWrite && (
            <Tooltip title={props.addBlocked || ''}>
              <span>
                <AddButton
                  onClick={form.openCreate}
                  disabled={Boolean(props.addBlocked)}
                  testId={`${testId}-add`}
                >
                  {label('add')}
                </AddButton>
              </span>
            </Tooltip>
          )
        }
      />
      {props.notice}
      <PagedTable
        query={list}
        paging={paging}
        columns={columns}
        sort={{ value: sort, onChange: setSort, sortable: resource.sortable }}
        rowKey={(row) => row.id}
        rowTestId={`${testId}-row`}
        onRowClick={props.onRowClick}
        ariaLabel={title}
        emptyText={t([`${i18n}.empty`, 'resource.empty'])}
        filters={
          props.searchable !== false && (
            <SearchField
              value={search}
              onChange={paging.withReset(setSearch)}
              label={t([`${i18n}.search`, 'resource.search'])}
              testId={`${testId}-search`}
            />
          )
        }
      />
      {form.open && props.form && (
        <Fragment key={form.key}>{props.form({ row: form.item, onClose: form.close })}</Fragment>
      )}
      {form.open && !props.form && (
        <ResourceForm
          key={form.key}
          resource={resource}
          fields={fields}
          row={form.item}
          defaults={
            typeof props.defaults === 'function'
              ? props.defaults([...(list.data?.rows ?? [])])
              : props.defaults
          }
          invalidate={props.invalidate}
          title={
            form.item
              ? t([`${i18n}.editTitle`, `${i18n}.edit`])
              : t([`${i18n}.createTitle`, `${i18n}.add`])
          }
          onClose={form.close}
          testId={testId}
        />
      )}
      <ConfirmDialog
        {...remove.dialogProps}
        title={
          remove.target
            ? t([`${i18n}.deleteTitle`, 'resource.deleteTitle'], {
                name: props.rowName(remove.target),
              })
            : ''
        }
        message={
          remove.target
            ? t([`${i18n}.deleteMessage`, 'resource.deleteMessage'], {
                name: props.rowName(remove.target),
              })
            : ''
        }
      />
    </Box>
  );
}

/** The active/inactive chip column of a resource with an `active` flag. */
export function activeColumn<R extends { active: boolean }>(): ResourceColumn<R> {
  return { key: 'active', render: (row) => <ActiveChip active={row.active} /> };
}

function ActiveChip({ active }: { active: boolean }) {
  const { t } = useTranslation('common');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={active ? 'success' : 'default'}
      label={active ? t('resource.active') : t('resource.inactive')}
    />
  );
}
