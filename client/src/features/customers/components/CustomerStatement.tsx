import Box from '@mui/material/Box';
import { formatPiasters, type CustomerDto, type CustomerLedgerEntryDto } from '@pos/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime, useReceiptData } from '../../../shared/ui/print';

const cell = { border: '1px solid #999', padding: '3px 6px', textAlign: 'start' as const };
const amountCell = { ...cell, textAlign: 'end' as const, whiteSpace: 'nowrap' as const };

/**
 * A customer's statement of account (A4, the page's direction): the store, the customer, every
 * ledger entry oldest first with its running balance, and what is owed now.
 */
export function CustomerStatement({
  customer: c,
  entries,
}: {
  customer: CustomerDto;
  /** newest first, as the ledger answers */
  entries: readonly CustomerLedgerEntryDto[];
}) {
  const { t, i18n } = useTranslation('customers');
  const store = useReceiptData();
  const rows = [...entries].reverse();
  return (
    <Box
      dir={i18n.dir()}
      sx={{ color: '#000', bgcolor: '#fff', fontSize: 12, maxInlineSize: '190mm' }}
      data-testid="customer-statement"
    >
      <Box sx={{ fontSize: 18, fontWeight: 700 }}>{store.name}</Box>
      {store.address && <Box>{store.address}</Box>}
      {store.phoneNumber && (
        <Box dir="ltr" sx={{ textAlign: 'start' }}>
          {store.phoneNumber}
        </Box>
      )}
      <Box sx={{ fontSize: 16, fontWeight: 700, mt: 1 }}>{t('statement.title')}</Box>
      <Box>{t('statement.printedAt', { at: formatDateTime(new Date()) })}</Box>
      <Box sx={{ my: 1.5 }}>
        <Box>
          {t('fields.name')}: <b>{c.name}</b>
        </Box>
        {c.phone && (
          <Box>
            {t('fields.phone')}: <span dir="ltr">{c.phone}</span>
          </Box>
        )}
        {c.address && (
          <Box>
            {t('fields.address')}: {c.address}
          </Box>
        )}
      </Box>
      <Box component="table" sx={{ inlineSize: '100%', borderCollapse: 'collapse' }}>
        <thead>
          <tr>
            <th style={cell}>{t('ledger.at')}</th>
            <th style={cell}>{t('ledger.type')}</th>
            <th style={cell}>{t('ledger.reference')}</th>
            <th style={amountCell}>{t('statement.debit')}</th>
            <th style={amountCell}>{t('statement.credit')}</th>
            <th style={amountCell}>{t('ledger.balanceAfter')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((e) => (
            <tr key={e.id}>
              <td style={cell}>{formatDateTime(e.at)}</td>
              <td style={cell}>{t(`ledger.types.${e.type}`, { defaultValue: e.type })}</td>
              <td style={cell}>
                <span dir="ltr">{e.referenceNumber ?? ''}</span>
                {e.vaultName ? ` ${e.vaultName}` : ''}
                {e.note ? ` — ${e.note}` : ''}
              </td>
              <td style={amountCell}>{e.amount > 0 ? formatPiasters(e.amount) : ''}</td>
              <td style={amountCell}>{e.amount < 0 ? formatPiasters(-e.amount) : ''}</td>
              <td style={amountCell}>{formatPiasters(e.balanceAfter)}</td>
            </tr>
          ))}
        </tbody>
      </Box>
      <Box sx={{ mt: 1.5, fontSize: 14, fontWeight: 700 }} data-testid="statement-balance">
        {t('statement.owed', { amount: formatPiasters(c.balance) })}
      </Box>
      <Box sx={{ mt: 4, display: 'flex', justifyContent: 'space-between' }}>
        <span>{t('statement.signature')} ....................</span>
      </Box>
    </Box>
  );
}
