import { DateRangeFilter } from '../../../shared/ui/DateField';
import { columnsOf, dateColumn } from '../../../shared/ui/listColumns';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type Column } from '../../../shared/ui/DataTable';
import { SelectFilter } from '../../../shared/ui/FilterBar';
import { InfoDialog } from '../../../shared/ui/InfoDialog';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { PagedTable, useListState, usePagedList } from '../../../shared/ui/PagedTable';
import { formatDateTime } from '../../../shared/lib/format';
import { adminApi, adminKeys, type AuditLogRow } from '../api/admin.api';
import { auditDiff, type DiffLine } from '../lib/auditDiff';

const DIFF_COLOR = { before: 'error.main', after: 'success.main' } as const;

/** /AuditLogs: who did what, when and from where, with the record before and after (admins). */
export default function AuditLogsPage() {
  const { t } = useTranslation('admin');
  const filter = useListState({ userId: '', entity: '', from: '', to: '' });
  const [shown, setShown] = useState<AuditLogRow | null>(null);
  const list = usePagedList({ ...filter, queryKey: adminKeys.audit, fetch: adminApi.audit });
  const users = useQuery({ queryKey: adminKeys.users, queryFn: adminApi.users, staleTime: 60_000 });
  const entities = useQuery({
    queryKey: adminKeys.auditEntities,
    queryFn: adminApi.auditEntities,
    staleTime: 60_000,
  });

  const entityLabel = (name: string) => t(`audit.entities.${name}`, { defaultValue: name });
  // 'branch.update' → the verb 'update'; 'auth.signin.failed' → 'failed'.
  const actionLabel = (action: string) =>
    t(`audit.verbs.${action.split('.').at(-1) ?? action}`, { defaultValue: action });
  const columns = columnsOf<AuditLogRow>(
    (key) => t(`audit.columns.${key}`),
    [
      dateColumn('at', t('audit.columns.at'), (r) => r.at),
      ['user', (r) => r.userName ?? t('audit.system')],
      [
        'what',
        (r) => (
          <>
            <Box component="span" sx={{ fontWeight: 600 }}>
              {actionLabel(r.action)}
            </Box>
            {' · '}
            {entityLabel(r.entity)}
            {r.entityLabel ? (
              <Box
                component="bdi"
                title={r.entityId ?? ''}
                sx={{ marginInlineStart: 1 }}
                data-testid="audit-entity-label"
              >
                {r.entityLabel}
              </Box>
            ) : (
              r.entityId && (
                <Box
                  component="span"
                  dir="ltr"
                  sx={{
                    fontFamily: 'monospace',
                    fontSize: 12,
                    color: 'text.secondary',
                    marginInlineStart: 1,
                  }}
                >
                  <bdi title={r.entityId}>…{r.entityId.slice(-8)}</bdi>
                </Box>
              )
            )}
          </>
        ),
      ],
      [
        'where',
        (r) => (
          <Box
            component="span"
            dir="ltr"
            title={r.userAgent ?? ''}
            sx={{ fontFamily: 'monospace', fontSize: 12 }}
          >
            {r.ip ?? '—'}
          </Box>
        ),
      ],
      [
        'diff',
        (r) =>
          r.before || r.after ? (
            <Button size="small" onClick={() => setShown(r)} data-testid="audit-show-diff">
              {t('audit.showChanges', {
                count: auditDiff(r.before, r.after).filter((d) => d.changed).length,
              })}
            </Button>
          ) : null,
        { header: t('audit.columns.changes'), nowrap: true, stopPropagation: true },
      ],
    ],
  );

  const diff = shown ? auditDiff(shown.before, shown.after) : [];
  return (
    <Box sx={{ p: { xs: 1.5, md: 3 } }}>
      <PageHeader title={t('audit.title')} subtitle={t('audit.subtitle')} mb={2} />
      <PagedTable
        query={list}
        paging={filter.paging}
        columns={columns}
        rowTestId="audit-row"
        rowProps={(r) => ({ 'data-action': r.action, 'data-entity': r.entity })}
        ariaLabel={t('audit.title')}
        emptyText={t('audit.empty')}
        filters={
          <>
            <SelectFilter
              {...filter.select('userId', t('audit.filters.user'), 180)}
              allLabel={t('audit.filters.all')}
              options={(users.data ?? []).map((u) => ({
                value: u.id,
                label: u.displayName || u.username,
              }))}
            />
            <SelectFilter
              {...filter.select('entity', t('audit.filters.entity'), 180)}
              allLabel={t('audit.filters.all')}
              options={(entities.data ?? []).map((e) => ({ value: e, label: entityLabel(e) }))}
            />
            <DateRangeFilter
              {...filter.dates}
              labels={[t('audit.filters.from'), t('audit.filters.to')]}
              testId="audit"
            />
          </>
        }
      />

      <InfoDialog
        open={shown !== null}
        onClose={() => setShown(null)}
        maxWidth="md"
        dividers
        title={shown && `${actionLabel(shown.action)} · ${entityLabel(shown.entity)}`}
        titleId="audit-diff-title"
        closeLabel={t('audit.close')}
      >
        {shown && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('audit.diffLine', {
              user: shown.userName ?? t('audit.system'),
              at: formatDateTime(shown.at),
              ip: shown.ip ?? '—',
            })}
          </Typography>
        )}
        <DataTable
          testId="audit-diff"
          ariaLabel={t('audit.columns.changes')}
          rows={diff}
          rowKey={(d) => d.field}
          rowTestId="audit-diff-row"
          hover={false}
          scroll={false}
          rowProps={(d) => ({
            'data-field': d.field,
            'data-changed': d.changed,
            sx: d.changed ? { bgcolor: 'action.hover' } : undefined,
          })}
          columns={[
            {
              key: 'field',
              header: t('audit.diff.field'),
              dir: 'ltr',
              render: (d) => d.field,
              cellSx: (d) => ({ fontFamily: 'monospace', fontWeight: d.changed ? 700 : 400 }),
            },
            ...(['before', 'after'] as const).map((k): Column<DiffLine> => ({
              key: k,
              header: t(`audit.diff.${k}`),
              dir: 'auto',
              testId: `audit-diff-${k}`,
              render: (d) => d[k],
              cellSx: (d) => ({
                color: d.changed ? DIFF_COLOR[k] : undefined,
                wordBreak: 'break-word',
              }),
            })),
          ]}
        />
      </InfoDialog>
    </Box>
  );
}
