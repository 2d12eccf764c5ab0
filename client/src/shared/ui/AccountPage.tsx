import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatPiasters } from '@pos/contracts';
import type { ReactNode } from 'react';
import { DetailColumns, Panel } from './DetailKit';
import { PageHeader } from './PageHeader';

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
      <PageHeader title={title} actions={actions} />
      <DetailColumns columns="280px minmax(0, 1fr)">
        {side}
        {children}
      </DetailColumns>
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
    <Panel title={title} sx={{ '& > h2': { fontSize: 16, fontWeight: 700 } }}>
      {children}
    </Panel>
  );
}
