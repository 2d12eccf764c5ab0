import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { routePath, type EtaErrorDto } from '@pos/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Panel } from '../../../shared/ui/DetailKit';
import { etaApi, etaKeys } from '../api/eta.api';
import { etaErrorText, etaLastErrorText, prettyJson } from '../lib/eta';

/**
 * ETA's messages on an e-receipt or e-invoice page: each code in the UI language (a line naming
 * the code when we have none), ETA's own text under it when it says something else.
 */
export function EtaErrorList({
  errors,
  title,
  testId,
}: {
  errors: EtaErrorDto[];
  title: string;
  testId: string;
}) {
  const { t } = useTranslation('eta');
  if (!errors.length) return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }} data-testid={`${testId}s`}>
      <Typography component="h2" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Box component="ul" sx={{ m: 0, paddingInlineStart: 2.5 }}>
        {errors.map((e, i) => {
          const text = etaErrorText(e, t);
          const where = e.propertyPath ?? e.target;
          return (
            <li key={`${e.code}-${i}`} data-testid={testId} data-code={e.code}>
              <bdi dir="ltr">{e.code}</bdi>: {text}
              {where && (
                <>
                  {' '}
                  (<bdi dir="ltr">{where}</bdi>)
                </>
              )}
              {e.message && e.message !== text && (
                <Box
                  component="span"
                  dir="ltr"
                  data-testid={`${testId}-raw`}
                  sx={{ display: 'block', fontSize: 12, opacity: 0.8, textAlign: 'start' }}
                >
                  {e.message}
                </Box>
              )}
            </li>
          );
        })}
      </Box>
    </Alert>
  );
}

/**
 * The worker's last error on a document still queued, in the UI language with the raw text under
 * it; a missing e-invoice signer says what to do and links to the company info page.
 */
export function EtaLastError({
  raw,
  label,
  suffix,
  testId,
}: {
  raw: string;
  label: string;
  suffix?: string;
  testId: string;
}) {
  const { t } = useTranslation('eta');
  const { text, kind } = etaLastErrorText(raw, t);
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid={testId} data-kind={kind}>
      {label}: {text}
      {suffix}
      {kind === 'signer' ? (
        <SignerLink testId={`${testId}-fix`} />
      ) : (
        <Box
          component="span"
          dir="ltr"
          sx={{ display: 'block', fontSize: 12, opacity: 0.8, textAlign: 'start' }}
        >
          {raw}
        </Box>
      )}
    </Alert>
  );
}

/**
 * On the e-invoice pages while no signer is set (issue 30 item 22): what is missing, in the UI
 * language, and the link to the company info page where it is set.
 */
export function EtaSignerMissing() {
  const { t } = useTranslation('eta');
  const signer = useQuery({ queryKey: etaKeys.signer, queryFn: etaApi.signer });
  if (!signer.data || signer.data.kind) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="einvoice-signer-missing">
      {t('lastErrors.signer')}
      <SignerLink testId="einvoice-signer-missing-fix" />
    </Alert>
  );
}

/** " Set the signer": the link to the company info page where the e-invoice signer is set. */
function SignerLink({ testId }: { testId: string }) {
  const { t } = useTranslation('eta');
  return (
    <>
      {' '}
      <Link component={RouterLink} to={routePath('E-invoices-CompanyInfo')} data-testid={testId}>
        {t('lastErrors.signerLink')}
      </Link>
    </>
  );
}

/** The JSON sent to ETA in its panel, indented for reading without changing its text. */
export function EtaJson(props: {
  json: string;
  title: string;
  testId: string;
  action?: ReactNode;
}) {
  const pretty = useMemo(() => prettyJson(props.json), [props.json]);
  return (
    <Panel title={props.title} action={props.action} sx={{ p: 2 }}>
      <Box
        component="pre"
        dir="ltr"
        tabIndex={0}
        aria-label={props.title}
        data-testid={props.testId}
        sx={{
          m: 0,
          p: 1.5,
          maxBlockSize: 520,
          overflow: 'auto',
          textAlign: 'left',
          fontSize: 12,
          fontFamily: 'monospace',
          bgcolor: 'action.hover',
          color: 'text.primary',
          borderRadius: 1,
          whiteSpace: 'pre',
        }}
      >
        {pretty}
      </Box>
    </Panel>
  );
}
