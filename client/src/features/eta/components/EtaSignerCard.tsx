import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { EtaSignerDto, EtaSignerKind, EtaSignerResponseDto } from '@pos/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SaveButton } from '../../../shared/forms/SaveButton';
import { handleError } from '../../../shared/api/handleError';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { formatDate } from '../../../shared/lib/format';
import { toast } from '../../../shared/ui/toast';
import { etaApi, etaKeys } from '../api/eta.api';

/** The file's bytes as Base64 (what the server stores, encrypted). */
async function fileBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

/**
 * The e-invoice signer on /E-invoices/CompanyInfo (issue 30 item 22): the company's e-seal as a
 * PKCS#12 file with its password — both write-only, stored encrypted; the page shows the
 * certificate's subject and expiry — or the USB token through the local signing agent (its
 * address and shared secret). Administrators change it.
 */
export function EtaSignerCard({ canWrite }: { canWrite: boolean }) {
  const signer = useQuery({ queryKey: etaKeys.signer, queryFn: etaApi.signer });
  useErrorToast(signer.error);
  if (!signer.data) return null;
  return <SignerForm data={signer.data} canWrite={canWrite} />;
}

function SignerForm({ data, canWrite }: { data: EtaSignerResponseDto; canWrite: boolean }) {
  const { t } = useTranslation('eta');
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<EtaSignerKind>(data.kind ?? 'p12');
  const [file, setFile] = useState<File | null>(null);
  const [password, setPassword] = useState('');
  const [agentUrl, setAgentUrl] = useState(data.agentUrl ?? '');
  const [agentSecret, setAgentSecret] = useState('');
  const [error, setError] = useState<string | null>(null);

  const save = useMutation({
    mutationFn: async () => {
      const body: EtaSignerDto =
        kind === 'p12'
          ? {
              kind,
              ...(file ? { p12Base64: await fileBase64(file) } : {}),
              ...(password ? { p12Password: password } : {}),
            }
          : { kind, agentUrl: agentUrl.trim(), ...(agentSecret ? { agentSecret } : {}) };
      return etaApi.saveSigner(body);
    },
    onSuccess: (saved) => {
      queryClient.setQueryData(etaKeys.signer, saved);
      setFile(null);
      setPassword('');
      setAgentSecret('');
      setError(null);
      toast.success(t('signer.saved'));
    },
    onError: (err) => {
      const e = handleError(err);
      setError(e.message || e.statusMessage);
    },
  });
  /** A text field; `kept` (not null) makes it a write-only secret, saying whether one is stored. */
  const field = (
    key: 'password' | 'agentUrl' | 'agentSecret',
    value: string,
    onChange: (text: string) => void,
    kept: boolean | null,
    testId: string,
  ) => (
    <TextField
      size="small"
      type={kept === null ? undefined : 'password'}
      label={t(`signer.${key}`)}
      value={value}
      disabled={!canWrite}
      autoComplete={kept === null ? undefined : 'new-password'}
      onChange={(e) => onChange(e.target.value)}
      helperText={kept === null ? t('signer.agentHint') : kept ? t('signer.passwordKept') : ' '}
      slotProps={{ htmlInput: { 'data-testid': testId, dir: 'ltr' } }}
    />
  );
  const missing = kind === 'p12' ? !file && !data.hasP12File && !data.p12Path : !agentUrl.trim();

  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      sx={{ p: 2, mb: 2 }}
      aria-labelledby="eta-signer-heading"
      data-testid="eta-signer"
      onSubmit={(e) => {
        e.preventDefault();
        if (missing) {
          setError(kind === 'p12' ? t('signer.fileRequired') : t('signer.agentUrlRequired'));
          return;
        }
        save.mutate();
      }}
    >
      <Typography variant="h6" component="h2" id="eta-signer-heading" sx={{ mb: 1 }}>
        {t('signer.title')}
      </Typography>
      {!data.kind && (
        <Alert severity="warning" sx={{ mb: 1 }} data-testid="eta-signer-missing">
          {t('signer.missing')}
        </Alert>
      )}
      {data.kind === 'p12' && data.certificateSubject && (
        <Alert severity="success" sx={{ mb: 1 }} data-testid="eta-signer-certificate">
          {t('signer.certificate')}: <bdi dir="ltr">{data.certificateSubject}</bdi>
          {data.certificateNotAfter && (
            <span data-testid="eta-signer-expiry">
              {' — '}
              {t('signer.expires', { date: formatDate(data.certificateNotAfter) })}
            </span>
          )}
        </Alert>
      )}
      {data.kind === 'agent' && (
        <Alert severity="success" sx={{ mb: 1 }} data-testid="eta-signer-agent">
          {t('signer.agentSet')}: <bdi dir="ltr">{data.agentUrl}</bdi>
        </Alert>
      )}
      <RadioGroup
        row
        value={kind}
        onChange={(e) => {
          setKind(e.target.value as EtaSignerKind);
          setError(null);
        }}
        aria-label={t('signer.kind')}
      >
        {(['p12', 'agent'] as const).map((value) => (
          <FormControlLabel
            key={value}
            value={value}
            control={<Radio disabled={!canWrite} />}
            label={t(value === 'p12' ? 'signer.kindP12' : 'signer.kindAgent')}
            data-testid={`eta-signer-kind-${value}`}
          />
        ))}
      </RadioGroup>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {kind === 'p12' ? (
          <>
            <Box>
              <Button
                component="label"
                variant="outlined"
                startIcon={<UploadFile />}
                disabled={!canWrite}
              >
                {data.hasP12File ? t('signer.replaceFile') : t('signer.chooseFile')}
                <input
                  hidden
                  type="file"
                  accept=".p12,.pfx,application/x-pkcs12"
                  data-testid="eta-signer-file"
                  onChange={(e) => {
                    setFile(e.target.files?.[0] ?? null);
                    setError(null);
                  }}
                />
              </Button>
              <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="eta-signer-file-name">
                {file ? file.name : data.hasP12File ? t('signer.fileStored') : t('signer.noFile')}
              </Typography>
            </Box>
            {field('password', password, setPassword, data.hasP12Password, 'eta-signer-password')}
          </>
        ) : (
          <>
            {field('agentUrl', agentUrl, setAgentUrl, null, 'eta-signer-agent-url')}
            {field(
              'agentSecret',
              agentSecret,
              setAgentSecret,
              data.hasAgentSecret,
              'eta-signer-agent-secret',
            )}
          </>
        )}
      </Box>
      {error && (
        <Typography color="error" variant="body2" sx={{ mt: 1 }} data-testid="eta-signer-error">
          {error}
        </Typography>
      )}
      <SaveButton end disabled={!canWrite || save.isPending} testId="eta-signer-save">
        {t('signer.save')}
      </SaveButton>
    </Paper>
  );
}
