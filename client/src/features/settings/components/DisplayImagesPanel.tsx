import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  DISPLAY_IMAGE_MAX_BYTES,
  DISPLAY_IMAGE_TYPES,
  DISPLAY_IMAGES_MAX,
  type DisplayImageDto,
} from '@pos/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBranchOptions } from '../../branches';
import { useErrorToast } from '../../../shared/api/useErrorToast';
import { useCrudMutation } from '../../../shared/ui/useCrudMutation';
import { toast } from '../../../shared/ui/toast';
import { settingsApi, settingsKeys } from '../api/settings.api';
import { AdminOnlyNote } from './StoreSettingsForms';

const STORE = 'store';
const MAX_MB = DISPLAY_IMAGE_MAX_BYTES / (1024 * 1024);

/**
 * The customer display's idle images (docs/decisions/0129): store-wide, or a branch's own (a
 * branch with its own shows only those). Each change is its own command: add (last), move one
 * place, remove.
 */
export function DisplayImagesPanel({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const [screen, setScreen] = useState<string>(STORE);
  const branchId = screen === STORE ? null : screen;
  const branches = useBranchOptions();
  const key = settingsKeys.displayImages(branchId);
  const images = useQuery({ queryKey: key, queryFn: () => settingsApi.displayImages(branchId) });
  useErrorToast(images.error);
  const rows = images.data ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: key });

  const add = useCrudMutation({
    mutationFn: (file: File) => settingsApi.addDisplayImage(branchId, file),
    success: t('display.added'),
    onSuccess: (added: DisplayImageDto) =>
      queryClient.setQueryData<DisplayImageDto[]>(key, (prev) => [...(prev ?? []), added]),
  });
  const order = useCrudMutation({
    mutationFn: (ids: string[]) => settingsApi.orderDisplayImages(branchId, ids),
    success: t('display.ordered'),
    onSuccess: () => void refresh(),
    onError: () => void refresh(),
  });
  const remove = useCrudMutation({
    mutationFn: (id: string) => settingsApi.removeDisplayImage(id),
    success: t('display.removed'),
    onSuccess: () => void refresh(),
  });
  const busy = add.isPending || order.isPending || remove.isPending;

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    // the server checks the same; told here before a useless upload
    if (!(DISPLAY_IMAGE_TYPES as readonly string[]).includes(file.type))
      toast.error(t('display.badType'));
    else if (file.size > DISPLAY_IMAGE_MAX_BYTES)
      toast.error(t('display.tooLarge', { max: MAX_MB }));
    else add.mutate(file);
  };
  const move = (index: number, by: -1 | 1) => {
    const ids = rows.map((r) => r.id);
    [ids[index], ids[index + by]] = [ids[index + by], ids[index]];
    queryClient.setQueryData<DisplayImageDto[]>(
      key,
      ids.map((id) => rows.find((r) => r.id === id)!),
    );
    order.mutate(ids);
  };

  return (
    <Box data-testid="display-images">
      <Typography variant="subtitle2">{t('display.title')}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('display.intro', { max: DISPLAY_IMAGES_MAX, size: MAX_MB })}
      </Typography>
      <TextField
        select
        size="small"
        label={t('display.screen')}
        value={screen}
        onChange={(e) => setScreen(e.target.value)}
        sx={{ minInlineSize: 260, mb: 2 }}
        slotProps={{ htmlInput: { 'data-testid': 'display-screen' } }}
      >
        <MenuItem value={STORE}>{t('display.storeWide')}</MenuItem>
        {(branches.data ?? []).map((b) => (
          <MenuItem key={b.id} value={b.id}>
            {b.name}
          </MenuItem>
        ))}
      </TextField>
      {branchId && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('display.branchHint')}
        </Typography>
      )}
      {images.isLoading && <LinearProgress />}
      {images.isSuccess && rows.length === 0 && (
        <Typography color="text.secondary" sx={{ mb: 1 }} data-testid="display-images-empty">
          {t('display.empty')}
        </Typography>
      )}
      <Stack component="ol" sx={{ listStyle: 'none', p: 0, m: 0, gap: 1 }}>
        {rows.map((image, index) => (
          <Stack
            component="li"
            key={image.id}
            direction="row"
            data-testid="display-image"
            sx={{
              alignItems: 'center',
              gap: 1.5,
              p: 1,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
            }}
          >
            <Typography sx={{ inlineSize: 24, textAlign: 'center' }} color="text.secondary">
              {index + 1}
            </Typography>
            <Box
              component="img"
              src={image.url}
              alt={t('display.imageAlt', { n: index + 1 })}
              sx={{
                inlineSize: 128,
                blockSize: 72,
                objectFit: 'cover',
                borderRadius: 0.5,
                bgcolor: 'action.hover',
              }}
            />
            <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
              {t('display.size', { kb: Math.max(1, Math.round(image.size / 1024)) })}
            </Typography>
            {canWrite && (
              <>
                <RowButton
                  label={t('display.earlier')}
                  disabled={busy || index === 0}
                  onClick={() => move(index, -1)}
                  icon={<ArrowUpward />}
                />
                <RowButton
                  label={t('display.later')}
                  disabled={busy || index === rows.length - 1}
                  onClick={() => move(index, 1)}
                  icon={<ArrowDownward />}
                />
                <RowButton
                  label={t('display.remove')}
                  disabled={busy}
                  onClick={() => remove.mutate(image.id)}
                  icon={<DeleteOutlined />}
                  testId="display-image-remove"
                />
              </>
            )}
          </Stack>
        ))}
      </Stack>
      {canWrite ? (
        <Button
          component="label"
          variant="outlined"
          sx={{ mt: 2 }}
          disabled={busy || rows.length >= DISPLAY_IMAGES_MAX}
          startIcon={add.isPending ? <CircularProgress size={14} /> : <CloudUploadOutlined />}
        >
          {rows.length >= DISPLAY_IMAGES_MAX ? t('display.full') : t('display.add')}
          <input
            hidden
            type="file"
            accept={DISPLAY_IMAGE_TYPES.join(',')}
            onChange={onFile}
            data-testid="display-image-input"
          />
        </Button>
      ) : (
        <AdminOnlyNote />
      )}
    </Box>
  );
}

/** One image's button: its icon, its name as tooltip and accessible label. */
function RowButton(props: {
  label: string;
  icon: ReactNode;
  disabled: boolean;
  onClick: () => void;
  testId?: string;
}) {
  return (
    <Tooltip title={props.label}>
      <span>
        <IconButton
          aria-label={props.label}
          disabled={props.disabled}
          onClick={props.onClick}
          data-testid={props.testId}
        >
          {props.icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}
