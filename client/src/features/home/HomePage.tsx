import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { routePath } from '@pos/contracts';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useVisibleSections } from '../../shared/lib/useNav';
import { currentBranchState, publicConfigState, sessionUserState } from '../../shared/state';
import { AppIcon } from '../../shared/ui/AppIcon';
import { EtaQueueCard } from '../eta';
import { DueExpensesCard } from '../expenses';
import { DueInstallmentsCard } from '../installments';
import { LiveDashboard, useDashboard } from './components/LiveDashboard';

/** `/`: a welcome panel, the branch's live dashboard, and shortcuts to the pages the user can open. */
export default function HomePage() {
  const { t } = useTranslation(['home', 'nav']);
  const user = useAtomValue(sessionUserState);
  const branch = useAtomValue(currentBranchState);
  const appName = useAtomValue(publicConfigState).appName;
  const sections = useVisibleSections();
  // The shortcuts appear with the dashboard, not before it: the dashboard's figures arriving
  // above them would push them down the page (a layout shift of 0.15–0.35 measured). The cards of
  // other features (due expenses, due installments) come last, with the shortcuts and under them:
  // whenever their figures arrive they push nothing down.
  const dashboardPending = useDashboard().isPending;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Paper variant="outlined" sx={{ p: 2.5 }}>
        <Typography variant="h3" component="h1" data-testid="home-title">
          {t('home:welcome', { name: user?.name || user?.username || '' })}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {branch
            ? t('home:branchLine', { app: appName, branch: branch.name })
            : t('home:subtitle', { app: appName })}
        </Typography>
      </Paper>
      <LiveDashboard />
      {!dashboardPending &&
        sections.map((section) => (
          <Box key={section.label}>
            <Typography variant="h6" component="h2" sx={{ mb: 1, color: 'text.secondary' }}>
              {t(section.label)}
            </Typography>
            <Box
              sx={{
                display: 'grid',
                gap: 1,
                gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))',
              }}
            >
              {section.items.map((item) => (
                <Paper
                  key={item.link}
                  variant="outlined"
                  component={Link}
                  to={routePath(item.link)}
                  sx={{
                    p: 1.25,
                    display: 'flex',
                    alignItems: 'center',
                    gap: 1,
                    textDecoration: 'none',
                    color: 'text.primary',
                    '&:hover': { borderColor: 'primary.main', color: 'primary.main' },
                  }}
                >
                  <AppIcon name={item.icon} />
                  <Typography sx={{ fontWeight: 600, fontSize: 13 }} noWrap>
                    {t(item.label)}
                  </Typography>
                </Paper>
              ))}
            </Box>
          </Box>
        ))}
      {!dashboardPending && <DueExpensesCard />}
      {!dashboardPending && <DueInstallmentsCard />}
      {!dashboardPending && <EtaQueueCard />}
    </Box>
  );
}
