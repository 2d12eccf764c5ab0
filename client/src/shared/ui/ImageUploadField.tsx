import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../api/http';
import { handleError } from '../api/handleError';
import { Controller, type FieldValues, type Path } from 'react-hook-form';
import type { DtoForm } from '../forms/FormTextField';

const ACCEPTED = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'];
const MAX_BYTES = 2 * 1024 * 1024;

type Props = {
  label: string;
  value: string | null;
  onChange: (url: string | null) => void;
  disabled?: boolean;
  /** data-testid prefix for tests. */
  name: string;
};

/** An image field: uploads through POST /api/files and keeps the returned url. */
export function ImageUploadField({ label, value, onChange, disabled, name }: Props) {
  const { t } = useTranslation('common');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!ACCEPTED.includes(file.type)) {
      setError(t('upload.badType'));
      return;
    }
    if (file.size > MAX_BYTES) {
      setError(t('upload.tooLarge'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const uploaded = await http.upload(file);
      onChange(uploaded.url);
    } catch (err) {
      handleError(err, { toast: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box data-testid={`upload-${name}`}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <Box
          sx={{
            inlineSize: 96,
            blockSize: 64,
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            overflow: 'hidden',
            bgcolor: 'action.hover',
          }}
        >
          {value ? (
            <Box
              component="img"
              src={value}
              alt={label}
              sx={{ maxInlineSize: '100%', maxBlockSize: '100%', objectFit: 'contain' }}
            />
          ) : (
            <Typography variant="caption" color="text.secondary">
              {t('upload.none')}
            </Typography>
          )}
        </Box>
        <Button
          component="label"
          size="small"
          variant="outlined"
          disabled={disabled || busy}
          startIcon={busy ? <CircularProgress size={14} /> : <CloudUploadOutlined />}
        >
          {busy ? t('upload.uploading') : value ? t('upload.replace') : t('upload.choose')}
          <input
            hidden
            type="file"
            accept={ACCEPTED.join(',')}
            onChange={(e) => void onFile(e)}
            data-testid={`upload-${name}-input`}
          />
        </Button>
        {value && (
          <Button
            size="small"
            color="inherit"
            disabled={disabled || busy}
            startIcon={<DeleteOutlined />}
            onClick={() => onChange(null)}
          >
            {t('upload.remove')}
          </Button>
        )}
      </Box>
      <FormHelperText error={Boolean(error)}>{error ?? t('upload.hint')}</FormHelperText>
    </Box>
  );
}

type ImageProps<V extends FieldValues, B> = {
  form: DtoForm<V, B>;
  name: Path<V>;
  label: string;
  /** The upload input's name, where it is not `name`. */
  inputName?: string;
  disabled?: boolean;
};

/** An uploaded image (its url) of a `useDtoForm` form. */
export function FormImageField<V extends FieldValues, B>({
  form,
  name,
  label,
  inputName,
  disabled,
}: ImageProps<V, B>) {
  return (
    <Controller
      name={name}
      control={form.control}
      render={({ field }) => (
        <ImageUploadField
          name={inputName ?? name}
          label={label}
          value={field.value}
          onChange={field.onChange}
          disabled={disabled}
        />
      )}
    />
  );
}
