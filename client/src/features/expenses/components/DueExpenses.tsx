import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { formatPiasters, routePath, type DueRecurringExpenseDto } from '@pos/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../shared/lib/format';
import { useLiveEvent, useLiveResync } from '../../../shared/realtime';
import { useCan } from '../../../shared/state/useCan';
import { expenseKeys, expensesApi } from '../api/expenses.api';

/** The monthly templates due now; refreshed by the `expenses.due` push and after a reconnect. */
export function useDueExpenses(enabled = true) {
  const qc = useQueryClient();
  const refresh = () => void qc.invalidateQueries({ queryKey: expenseKeys.due });
  useLiveEvent('expenses.due', refresh);
  useLiveResync(refresh);
  return useQuery({ queryKey: expenseKeys.due, queryFn: expensesApi.due, enabled });
}

/** The due templates on the /Expenses page, each with "record now". */
export function DueExpensesList({ onRecord }: { onRecord: (t: DueRecurringExpenseDto) => void }) {
  const { t } = useTranslation('expenses');
  const due = useDueExpenses();
  if (!due.data?.length) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="expenses-due">
      <Typography sx={{ fontWeight: 700 }}>{t('due.title', { count: due.data.length })}</Typography>
      <List dense disablePadding>
        {due.data.map((d) => (
          <ListItem
            key={d.id}
            disableGutters
            data-testid="expenses-due-row"
            secondaryAction={
              <Button size="small" variant="outlined" onClick={() => onRecord(d)}>
                {t('due.record')}
              </Button>
            }
          >
            <ListItemText
              primary={`${d.name} — ${formatPiasters(d.amount)}`}
              secondary={t('due.line', {
                date: formatDate(d.dueDate),
                category: d.categoryName,
                vault: d.vaultName,
              })}
            />
          </ListItem>
        ))}
      </List>
    </Alert>
  );
}

/** The dashboard's card: how many recurring expenses are due, linking to /Expenses. */
export function DueExpensesCard() {
  const { t } = useTranslation('expenses');
  const can = useCan();
  const allowed = can('can_see_expenses');
  const due = useDueExpenses(allowed);
  if (!allowed || !due.data?.length) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="dashboard-expenses-due">
      <Typography variant="h6" component="h2">
        {t('due.title', { count: due.data.length })}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {due.data.map((d) => d.name).join('، ')}
      </Typography>
      <Button component={Link} to={routePath('Expenses')} size="small">
        {t('due.open')}
      </Button>
    </Paper>
  );
}
