import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatPiasters } from '@pos/contracts';
import type { ReactNode } from 'react';

/**
 * A party's account page (a customer's, a vendor's): the name with the page's actions, then a
 * narrow column (balance, details) beside the ledger or statement.
 */
export function AccountPage({
  title,
  actions,
  side,
  children,
  testId,
}: {
  title: ReactNode;
  actions: ReactNode;
  side: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Box data-testid={testId}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, mb: 1.5, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Box sx={{ flex: 1 }} />
        {actions}
      </Stack>
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', md: '280px minmax(0, 1fr)' },
          gap: 1.5,
          alignItems: 'start',
        }}
      >
        {side}
        {children}
      </Box>
    </Box>
  );
}

/** The balance in large type, red while the party owes (or is owed) money. */
export function BalanceFigure({
  label,
  amount,
  testId,
}: {
  label: string;
  amount: number;
  testId: string;
}) {
  return (
    <>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography
        sx={{ fontWeight: 800, fontSize: 26 }}
        color={amount > 0 ? 'error.main' : undefined}
        data-testid={testId}
      >
        {formatPiasters(amount)}
      </Typography>
    </>
  );
}

/** A titled panel of an account page (aging, open invoices, statement). */
export function AccountSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Typography variant="h6" component="h2" sx={{ fontSize: 16, fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
