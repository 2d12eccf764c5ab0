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
import { PagedTable, type PagedTableProps } from '../ui/PagedTable';
import { AddButton, PageHeader } from '../ui/PageHeader';
import { useConfirmedMutation } from '../ui/useCrudMutation';
import { useEditDialog } from '../ui/useEditDialog';
import { usePaging } from '../ui/usePaging';
import type { Query } from '../api/http';
import { resourceApi, resourceKeys, useAccess, useResourceList } from './api';
import { ResourceForm, type ResourceField, type ResourceFormOptions } from './ResourceForm';

type Row = { id: string } & Record<string, unknown>;

/**
 * A table column; its header defaults to the `<i18n>.<label or key>` text, its cell to the row's
 * `key` property as it is.
 */
export type ResourceColumn<R> = Omit<Column<R>, 'header' | 'render'> & {
  header?: ReactNode;
  render?: Column<R>['render'];
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
  /** Names a row in the delete confirmation (default: its `name`). */
  rowName?: (row: R) => string;
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
  /** Under the title. */
  subtitle?: ReactNode;
  /**
   * Full text keys (`ns:key`) where the page's texts are not `<i18n>.<name>`: title, add, search,
   * empty, actions (the column), editAction, deleteAction, deleteTitle, deleteMessage, deleted,
   * createTitle, editTitle.
   */
  keys?: Partial<Record<TextName, string>>;
  /** More filters after the search box, and the list parameters they set. */
  filters?: ReactNode;
  query?: Query;
  pageSizeOptions?: number[];
  rowProps?: PagedTableProps<R>['rowProps'];
  /** The edit button opens this instead of the form (the row's own page); false: no edit button. */
  onEdit?: ((row: R) => void) | false;
  /** Why a row may not be deleted: its bin is disabled with it as its tooltip. */
  removeBlocked?: (row: R) => string | false;
  /** More buttons of a row, after edit and delete. */
  rowActions?: (row: R) => ReactNode;
  /** The kit's form: an intro, its submit text, width, what follows a save. */
  formOptions?: ResourceFormOptions;
};

type TextName =
  | 'title'
  | 'add'
  | 'search'
  | 'empty'
  | 'actions'
  | 'editAction'
  | 'deleteAction'
  | 'deleteTitle'
  | 'deleteMessage'
  | 'deleted'
  | 'createTitle'
  | 'editTitle';

/**
 * A reference resource's screen from its contract: search, a server-paged DataGrid sorted from its
 * headers, add/edit in a react-hook-form dialog, delete after a confirmation. Buttons show by the
 * contract's access rules (display only: the server checks every call).
 */
export function ResourcePage<R extends Row>(props: ResourcePageProps<R>) {
  const { resource, testId, i18n } = props;
  const { t } = useTranslation(['common', i18n.split(':')[0]]);
  const label = (key: string) => t(`${i18n}.${key}`);
  /** A page text: its key in `keys`, else `<i18n>.<name>`, else the kit's. */
  const text = (name: TextName, fallback: string, values?: Record<string, unknown>) =>
    t([props.keys?.[name] ?? `${i18n}.${name}`, fallback], values ?? {});
  const title = text('title', 'resource.title');
  const fields = (props.fields ?? []).map(
    (f) => ({ ...f, label: f.label ?? label(f.name) }) as ResourceField,
  );
  const can = useAccess();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState(resource.defaultSort);
  const paging = usePaging();
  // A filter of the page changed: back to the first page.
  const filtered = JSON.stringify(props.query ?? {});
  const [lastFiltered, setLastFiltered] = useState(filtered);
  if (filtered !== lastFiltered) {
    setLastFiltered(filtered);
    paging.reset();
  }
  const q = useDebouncedValue(search.trim());
  const readable = can(resource.read);
  const list = useResourceList(
    resource,
    {
      ...props.query,
      page: paging.page + 1,
      pageSize: paging.pageSize,
      q,
      sort: sort || undefined,
    },
    readable,
  );
  const form = useEditDialog<R>();
  const remove = useConfirmedMutation<R>({
    mutationFn: (row) => resourceApi(resource).remove(row.id),
    success: text('deleted', 'resource.deleted'),
    invalidate: [resourceKeys.all(resource), ...(props.invalidate ?? [])],
  });
  useErrorToast(list.error);
  if (!readable) return <Alert severity="warning">{t('resource.forbidden')}</Alert>;

  const canWrite = can(resource.write);
  const canEdit = canWrite && props.onEdit !== false;
  const canRemove = can(resource.remove === undefined ? resource.write : resource.remove);
  const edit = props.onEdit || form.openEdit;
  const rowName = props.rowName ?? ((row: R) => String(row.name));
  const named = remove.target && { name: rowName(remove.target) };
  const columns: Column<R>[] = props.columns.map((c) => ({
    ...c,
    header: c.header ?? label(c.label ?? c.key),
    render: c.render ?? ((row) => row[c.key] as ReactNode),
  }));
  columns.push({
    key: 'actions',
    header: text('actions', 'resource.actions'),
    padding: 'none',
    nowrap: true,
    stopPropagation: true,
    hidden: !canEdit && !canRemove && !props.rowActions,
    render: (row) => {
      const blocked = props.removeBlocked?.(row);
      return (
        <Stack direction="row">
          {canEdit && (
            <EditAction
              label={text('editAction', 'edit')}
              onClick={() => edit(row)}
              testId={`${testId}-edit`}
            />
          )}
          {canRemove && (
            <DeleteAction
              label={text('deleteAction', 'delete')}
              tooltip={blocked || undefined}
              disabled={Boolean(blocked)}
              onClick={() => remove.ask(row)}
              testId={`${testId}-delete`}
            />
          )}
          {props.rowActions?.(row)}
        </Stack>
      );
    },
  });

  return (
    <Box>
      <PageHeader
        title={title}
        subtitle={props.subtitle}
        mb={props.subtitle ? 2 : undefined}
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
                  {text('add', 'resource.add')}
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
        rowProps={props.rowProps}
        pageSizeOptions={props.pageSizeOptions}
        onRowClick={props.onRowClick}
        ariaLabel={title}
        emptyText={text('empty', 'resource.empty')}
        filters={
          (props.searchable !== false || props.filters) && (
            <>
              {props.searchable !== false && (
                <SearchField
                  value={search}
                  onChange={paging.withReset(setSearch)}
                  label={text('search', 'resource.search')}
                  testId={`${testId}-search`}
                />
              )}
              {props.filters}
            </>
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
          title={form.item ? text('editTitle', `${i18n}.edit`) : text('createTitle', `${i18n}.add`)}
          onClose={form.close}
          testId={testId}
          {...props.formOptions}
        />
      )}
      <ConfirmDialog
        {...remove.dialogProps}
        title={named && text('deleteTitle', 'resource.deleteTitle', named)}
        message={named && text('deleteMessage', 'resource.deleteMessage', named)}
      />
    </Box>
  );
}

/** The active/inactive chip column of a resource with an `active` flag. */
export function activeColumn<R extends { active: boolean }>(): ResourceColumn<R> {
  return { key: 'active', render: (row) => <ActiveChip active={row.active} /> };
}

/** The active/inactive chip; `labels` (on, off) where the page has its own texts. */
export function ActiveChip({ active, labels }: { active: boolean; labels?: [string, string] }) {
  const { t } = useTranslation('common');
  const [on, off] = labels ?? [t('resource.active'), t('resource.inactive')];
  return (
    <Chip
      size="small"
      variant="outlined"
      color={active ? 'success' : 'default'}
      label={active ? on : off}
    />
  );
}
