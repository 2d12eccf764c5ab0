import Box from '@mui/material/Box';
import { amountInArabicWords, formatPiasters, type InstallmentPlanDetailDto } from '@pos/contracts';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDay } from '../../../shared/lib/format';
import { DocumentBarcode, useReceiptData } from '../../../shared/ui/print';

const cell = { border: '1px solid #000', padding: '3px 6px' } as const;

/**
 * The plan as a contract (A4, Arabic, right to left, whatever the screen's language: the paper
 * the customer and guarantors sign): the store, the parties with their national IDs, the amounts
 * in figures and in Arabic words, the schedule, the terms and the signature lines.
 */
export function ContractPrint({ plan }: { plan: InstallmentPlanDetailDto }) {
  // The contract is the Arabic paper the parties sign, whatever the screen's language.
  const { t } = useTranslation('installments', { lng: 'ar' });
  const receipt = useReceiptData();
  // «فقط … لا غير»: the amount in Arabic words, as contracts and cheques write it.
  const contractWords = (piasters: number) =>
    t('contract.words', { words: amountInArabicWords(piasters) });
  const storeName = plan.store.name || receipt.name;
  const address = plan.branch.address ?? plan.store.address ?? receipt.address;
  const phone = plan.branch.phone ?? plan.store.phone ?? receipt.phoneNumber;
  const line = (label: string, value: ReactNode, testId?: string) => (
    <Box sx={{ display: 'flex', gap: 1, py: 0.25 }}>
      <b>{label}:</b> <span data-testid={testId}>{value}</span>
    </Box>
  );
  const heading = (text: string) => (
    <Box component="h3" sx={{ fontSize: 15, m: 0, mt: 1 }}>
      {text}
    </Box>
  );
  const money = (amount: number, testId?: string) => (
    <>
      <span dir="ltr">{formatPiasters(amount)}</span>{' '}
      <span data-testid={testId}>({contractWords(amount)})</span>
    </>
  );
  return (
    <Box
      dir="rtl"
      lang="ar"
      sx={{ color: '#000', fontSize: 13, lineHeight: 1.6 }}
      data-testid="installment-contract"
    >
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <Box>
          <Box sx={{ fontSize: 20, fontWeight: 800 }} data-testid="contract-store">
            {storeName}
          </Box>
          <Box>{plan.branch.name}</Box>
          {address && <Box>{address}</Box>}
          {phone && <Box dir="ltr">{phone}</Box>}
          {plan.store.taxId && <Box>{t('contract.taxId', { taxId: plan.store.taxId })}</Box>}
        </Box>
        {receipt.logo && (
          <Box component="img" src={receipt.logo} alt="" sx={{ maxBlockSize: 70 }} />
        )}
      </Box>
      <Box sx={{ textAlign: 'center', my: 1.5 }}>
        <Box sx={{ fontSize: 18, fontWeight: 800 }}>{t('contract.title')}</Box>
        <Box>
          {t('contract.numberLine', { number: plan.number, date: formatDate(plan.createdAt) })}
        </Box>
        <DocumentBarcode value={plan.number} height="10mm" />
      </Box>

      {heading(t('contract.seller'))}
      {line(t('contract.storeName'), `${storeName} — ${plan.branch.name}`)}
      {heading(t('contract.buyer'))}
      {line(t('fields.customer'), plan.customer.name, 'contract-customer')}
      {line(t('fields.nationalId'), <span dir="ltr">{plan.customer.nationalId ?? '—'}</span>)}
      {plan.customer.address && line(t('fields.address'), plan.customer.address)}
      {plan.customer.phone && line(t('fields.phone'), <span dir="ltr">{plan.customer.phone}</span>)}

      {heading(t('contract.guarantors'))}
      {plan.guarantors.map((g, i) => (
        <Box key={g.id} data-testid="contract-guarantor">
          {line(t('contract.guarantorN', { n: i + 1 }), g.name)}
          <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', paddingInlineStart: 2 }}>
            {(['nationalId', 'phone', 'address'] as const).map((f) => (
              <span key={f}>
                {t(`fields.${f}`)}: <span dir={f === 'address' ? undefined : 'ltr'}>{g[f]}</span>
              </span>
            ))}
          </Box>
        </Box>
      ))}

      {heading(t('contract.amounts'))}
      {line(t('fields.sale'), <span dir="ltr">{plan.saleNumber}</span>)}
      {(plan.units ?? []).map((u) => (
        <Fragment key={u.serial}>
          {line(
            t('contract.unit', { name: u.productName }),
            <span dir="ltr">{u.imei2 ? `${u.serial} / ${u.imei2}` : u.serial}</span>,
            'contract-unit',
          )}
        </Fragment>
      ))}
      {line(t('fields.totalAmount'), money(plan.totalAmount))}
      {line(t('fields.downPayment'), money(plan.downPayment))}
      {line(t('fields.financed'), money(plan.financed))}
      {plan.interest > 0 &&
        line(
          t('fields.interest'),
          <>
            {money(plan.interest)} — {t('contract.rate', { rate: plan.monthlyRateBp / 100 })}
          </>,
        )}
      {plan.fee > 0 && line(t('fields.fee'), money(plan.fee))}
      {line(t('fields.toPay'), money(plan.toPay, 'contract-words'))}

      <Box
        component="table"
        sx={{ inlineSize: '100%', borderCollapse: 'collapse', my: 1.5, fontSize: 12 }}
        data-testid="contract-schedule"
      >
        <thead>
          <tr>
            <th style={cell}>{t('fields.seq')}</th>
            <th style={cell}>{t('fields.dueDate')}</th>
            <th style={cell}>{t('fields.amount')}</th>
            <th style={cell}>{t('contract.amountWords')}</th>
          </tr>
        </thead>
        <tbody>
          {plan.installments.map((i) => (
            <tr key={i.id}>
              <td style={cell}>{i.seq}</td>
              <td style={cell}>{formatDay(i.dueDate)}</td>
              <td style={cell} dir="ltr">
                {formatPiasters(i.amount)}
              </td>
              <td style={cell}>{amountInArabicWords(i.amount)}</td>
            </tr>
          ))}
        </tbody>
      </Box>

      <Box component="ol" sx={{ m: 0, paddingInlineStart: 3 }} data-testid="contract-terms">
        <li>
          {t('contract.term1', {
            count: plan.count,
            period: t(`periods.${plan.period}`),
            first: formatDay(plan.firstDueDate),
            amount: contractWords(plan.toPay),
          })}
        </li>
        {(['term2', 'term3', 'term4'] as const).map((term) => (
          <li key={term}>{t(`contract.${term}`)}</li>
        ))}
      </Box>

      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: `repeat(${2 + plan.guarantors.length}, 1fr)`,
          gap: 3,
          mt: 6,
          textAlign: 'center',
        }}
        data-testid="contract-signatures"
      >
        {[
          [t('contract.signSeller'), storeName],
          [t('contract.signBuyer'), plan.customer.name],
          ...plan.guarantors.map((g, i) => [t('contract.signGuarantor', { n: i + 1 }), g.name]),
        ].map(([label, name], i) => (
          <Signature key={i} label={label} name={name} sign={t('contract.signature')} />
        ))}
      </Box>
    </Box>
  );
}

function Signature({ label, name, sign }: { label: string; name: string; sign: string }) {
  return (
    <Box data-testid="contract-signature">
      <b>{label}</b>
      <Box>{name}</Box>
      <Box sx={{ borderBlockEnd: '1px solid #000', blockSize: 40, mt: 1 }} />
      <Box sx={{ fontSize: 11 }}>{sign}</Box>
    </Box>
  );
}
