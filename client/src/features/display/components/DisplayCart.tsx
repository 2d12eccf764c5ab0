import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatPiasters, type DisplayLine, type DisplaySnapshot } from '@pos/contracts';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatQuantity } from '../../../shared/lib/money';

/** The cart as it is rung up (newest line first, as at the till), and what it comes to. */
export function DisplayCart({ snapshot }: { snapshot: DisplaySnapshot }) {
  const { t } = useTranslation('display');
  const money = (amount: number) => t('money', { amount: formatPiasters(amount) });
  const minus = (amount: number) => t('minus', { amount: formatPiasters(amount) });
  const paying = snapshot.phase === 'paying';
  const discounts = snapshot.discountTotal;
  return (
    <Box
      sx={{
        flex: 1,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(320px, 38%)' },
        gridTemplateRows: { xs: 'minmax(0, 1fr) auto', md: 'minmax(0, 1fr)' },
        gap: 2,
        p: 2,
        minBlockSize: 0,
      }}
    >
      <Paper variant="outlined" sx={{ display: 'flex', flexDirection: 'column', minBlockSize: 0 }}>
        <Stack
          direction="row"
          sx={{ px: 2, py: 1.25, alignItems: 'baseline', justifyContent: 'space-between' }}
        >
          <Typography component="h2" sx={{ fontWeight: 700, fontSize: 20 }}>
            {t('lines.title')}
          </Typography>
          <Typography color="text.secondary" data-testid="display-count">
            {t('lines.count', { n: formatQuantity(snapshot.itemCount) })}
          </Typography>
        </Stack>
        <Divider />
        <Box
          component="ol"
          sx={{ listStyle: 'none', m: 0, p: 0, overflowY: 'auto', flex: 1 }}
          data-testid="display-lines"
        >
          {snapshot.lines.map((line) => (
            <LineRow key={line.id} line={line} />
          ))}
        </Box>
      </Paper>

      <Paper
        variant="outlined"
        sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 1.25, alignSelf: 'start' }}
        data-testid="display-totals"
      >
        <Row label={t('totals.subtotal')} value={money(snapshot.subtotal)} />
        {discounts > 0 && (
          <Row
            label={t('totals.discounts')}
            value={minus(discounts)}
            color="success.main"
            testId="display-discounts"
          />
        )}
        {snapshot.promotions.length > 0 && (
          <Stack sx={{ gap: 0.5, paddingInlineStart: 1 }} data-testid="display-promotions">
            <Typography variant="body2" color="text.secondary">
              {t('totals.promotions')}
            </Typography>
            {snapshot.promotions.map((p) => (
              <Row
                key={p.name}
                label={p.name}
                value={minus(p.amount)}
                color="success.main"
                small
                testId="display-promotion"
              />
            ))}
          </Stack>
        )}
        {snapshot.invoiceDiscount > 0 && (
          <Row
            label={t('totals.invoiceDiscount')}
            value={minus(snapshot.invoiceDiscount)}
            color="success.main"
            small
          />
        )}
        <Row label={t('totals.vat')} value={money(snapshot.vatTotal)} small />
        <Divider />
        <Box
          sx={{
            p: 1.5,
            borderRadius: 1,
            bgcolor: paying ? 'primary.main' : 'transparent',
            color: paying ? 'primary.contrastText' : 'text.primary',
          }}
        >
          <Typography sx={{ fontSize: 22, fontWeight: 600 }}>
            {paying ? t('totals.due') : t('totals.total')}
          </Typography>
          <Typography
            sx={{ fontSize: 'clamp(2.25rem, 5vw, 3.5rem)', fontWeight: 800, lineHeight: 1.15 }}
            data-testid="display-total"
          >
            {money(snapshot.total)}
          </Typography>
        </Box>
      </Paper>
    </Box>
  );
}

/**
 * One line. A snapshot is a new object each time: a row is drawn again only when its own line
 * changed (a scan redraws one row, not the list).
 */
const LineRow = memo(
  function LineRow({ line }: { line: DisplayLine }) {
    const { t } = useTranslation('display');
    const money = (amount: number) => t('money', { amount: formatPiasters(amount) });
    return (
      <Box
        component="li"
        data-testid="display-line"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 1fr) auto',
          columnGap: 2,
          px: 2,
          py: 1.25,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography sx={{ fontSize: 22, fontWeight: 600 }} noWrap data-testid="display-line-name">
          {line.name}
        </Typography>
        <Typography
          sx={{ fontSize: 22, fontWeight: 700, textAlign: 'end' }}
          data-testid="display-line-total"
        >
          {money(line.lineTotal)}
        </Typography>
        <Typography color="text.secondary" data-testid="display-line-qty">
          {t('lines.quantity', {
            quantity: formatQuantity(line.quantity),
            price: money(line.unitPrice),
          })}
        </Typography>
        <Typography color="success.main" sx={{ textAlign: 'end' }}>
          {line.discount > 0 ? t('minus', { amount: formatPiasters(line.discount) }) : ''}
        </Typography>
        {line.promotions.length > 0 && (
          <Stack direction="row" sx={{ gap: 0.5, flexWrap: 'wrap', gridColumn: '1 / -1' }}>
            {line.promotions.map((p) => (
              <Chip key={p} size="small" color="success" variant="outlined" label={p} />
            ))}
          </Stack>
        )}
      </Box>
    );
  },
  (a, b) => JSON.stringify(a.line) === JSON.stringify(b.line),
);

function Row({
  label,
  value,
  color,
  small,
  testId,
}: {
  label: string;
  value: string;
  color?: string;
  small?: boolean;
  testId?: string;
}) {
  const size = small ? 16 : 19;
  return (
    <Stack
      direction="row"
      sx={{ justifyContent: 'space-between', gap: 2, color }}
      data-testid={testId}
    >
      <Typography sx={{ fontSize: size }}>{label}</Typography>
      <Typography sx={{ fontSize: size, fontWeight: 600 }}>{value}</Typography>
    </Stack>
  );
}
