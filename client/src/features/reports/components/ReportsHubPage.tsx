import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  decideRoute,
  hasPermission,
  NAV_SECTIONS,
  ROUTES,
  SALES_REPORTS,
  STATS_REPORTS,
} from '@pos/contracts';
import { useAtomValue } from 'jotai';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { enabledModulesState, sessionUserState } from '../../../shared/state';
import { PageHeader } from '../../../shared/ui/PageHeader';

// /Reports: every route under /Reports/ of the route table that this user may open, grouped.
// A report added to the route table shows here by itself (its group by name below, else "other").

const GROUPS: { key: string; names: string[] }[] = [
  {
    key: 'sales',
    names: [
      'Sales',
      'SalesByProduct',
      'SalesByCategory',
      'SalesByCashier',
      'SalesByPaymentMethod',
      'Returns',
      'Discounts',
      'HourlyHeatmap',
      'PromotionEffect',
    ],
  },
  { key: 'inventory', names: ['InventoryValuation', 'StockMovement', 'DeadStock', 'StockByBatch'] },
  {
    key: 'finance',
    names: [
      'Vat',
      'ExpensesByCategory',
      'Balances',
      'Liabilities',
      'TrialBalance',
      'AccountStatement',
      'IncomeStatement',
      'BalanceSheet',
    ],
  },
];

type Link = { name: string; path: string; label: string };

export default function ReportsHubPage() {
  const { t, i18n } = useTranslation(['reports', 'nav']);
  const user = useAtomValue(sessionUserState);
  const modules = useAtomValue(enabledModulesState);
  // The route table's /Reports/… pages the guard lets this user open, and the sales reports (one
  // route, /Reports/:key; each report's keys in its ReportMeta).
  const open: Link[] = [
    ...ROUTES.filter(
      (r) =>
        r.path.startsWith('/Reports/') &&
        !r.path.includes(':') &&
        decideRoute(r, user, NAV_SECTIONS, modules).kind === 'allow',
    ).map((r) => ({ name: r.name, path: r.path, label: t(`nav:items.${r.name}`) })),
    // Per-cashier reports (SalesByCashier, Discounts) need their keys, like /Performance; the
    // stock, tax, expense and balance reports: each behind its permission keys.
    ...[...SALES_REPORTS, ...STATS_REPORTS]
      .filter((r) => hasPermission(user, r.permissions, [], modules))
      .map((r) => ({ name: r.key, path: `/Reports/${r.key}`, label: t(`titles.${r.key}`) })),
  ];
  const known = new Set(GROUPS.flatMap((g) => g.names));
  const groups = [
    ...GROUPS.map((g) => ({
      key: g.key,
      routes: g.names.map((n) => open.find((r) => r.name === n)).filter((r): r is Link => !!r),
    })),
    { key: 'other', routes: open.filter((r) => !known.has(r.name)) },
  ].filter((g) => g.routes.length > 0);
  return (
    <Stack sx={{ gap: 2 }} data-testid="reports-hub">
      <PageHeader title={t('hub.title')} subtitle={t('hub.subtitle')} mb={0} />
      {groups.length === 0 && <Typography color="text.secondary">{t('hub.empty')}</Typography>}
      {groups.map((g) => (
        <section key={g.key} aria-labelledby={`reports-group-${g.key}`}>
          <Typography
            id={`reports-group-${g.key}`}
            variant="h6"
            component="h2"
            sx={{ mb: 1, fontWeight: 700 }}
          >
            {t(`hub.groups.${g.key}`)}
          </Typography>
          <Grid container spacing={1.5}>
            {g.routes.map((r) => (
              <Grid key={r.name} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
                <Card variant="outlined" sx={{ blockSize: '100%' }}>
                  <CardActionArea
                    component={RouterLink}
                    to={r.path}
                    sx={{ blockSize: '100%' }}
                    data-testid={`reports-link-${r.name}`}
                  >
                    <CardContent>
                      <Typography sx={{ fontWeight: 700 }}>{r.label}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {i18n.exists(`reports:descriptions.${r.name}`)
                          ? t(`descriptions.${r.name}`)
                          : null}
                      </Typography>
                    </CardContent>
                  </CardActionArea>
                </Card>
              </Grid>
            ))}
          </Grid>
        </section>
      ))}
    </Stack>
  );
}
