import LockOpen from '@mui/icons-material/LockOpen';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../shared/api/handleError';
import { toast } from '../../../shared/ui/toast';
import { salesApi, salesKeys } from '../../sales';
import { AmountField } from '../../../shared/ui/AmountField';
import { useIdempotencyKey } from '../../../shared/lib/useIdempotencyKey';
import { useFieldGuard } from '../../../shared/ui/fieldGuard';
import { sessionUserState } from '../../../shared/state';
import { unreachable } from '../offline/catalog';
import { OutboxStrip } from '../offline/outbox/OutboxStrip';

const REGISTER_KEY = 'pos.register';

function storedRegister(): number {
  const n = Number(localStorage.getItem(REGISTER_KEY) ?? '1');
  return Number.isInteger(n) && n >= 1 && n <= 99 ? n : 1;
}

/**
 * No open shift: the cashier counts the opening cash and opens one on this register. A shift is
 * opened online only (docs/offline.md): `offline` (the server cannot be reached) says so.
 */
export function OpenShiftPanel({ offline = false }: { offline?: boolean }) {
  const { t } = useTranslation('pos');
  const userId = useAtomValue(sessionUserState)?.id ?? null;
  const queryClient = useQueryClient();
  const guard = useFieldGuard();
  const [openingCash, setOpeningCash] = useState<number | null>(0);
  const [register, setRegister] = useState(String(storedRegister()));
  const registerNo = Number(register);
  const registerOk = Number.isInteger(registerNo) && registerNo >= 1 && registerNo <= 99;

  const idem = useIdempotencyKey();
  const open = useMutation({
    mutationFn: () =>
      salesApi.openShift(
        { openingCash: openingCash ?? 0, register: registerNo },
        { idempotencyKey: idem.key },
      ),
    onSuccess: async (shift) => {
      localStorage.setItem(REGISTER_KEY, String(registerNo));
      queryClient.setQueryData(salesKeys.currentShift, shift);
      toast.success(t('shift.opened'));
      await queryClient.invalidateQueries({ queryKey: ['sales', 'shifts'] });
    },
    onError: (err) =>
      unreachable(err) ? toast.error(t('shift.openOffline')) : handleError(err, { toast: true }),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // Each field says under itself why it cannot be used (not only a greyed button).
    const cashOk = guard.check();
    if (!cashOk || !registerOk || openingCash === null || open.isPending) return;
    open.mutate();
  };

  return (
    <Paper
      variant="outlined"
      sx={{ p: 3, maxInlineSize: 420, marginInline: 'auto', mt: 4 }}
      data-testid="open-shift-panel"
    >
      {/* The device's outbox stays in reach between shifts: sales waiting, the refused ones. */}
      <Box sx={{ mb: 2, '&:empty': { display: 'none' } }}>
        <OutboxStrip
          userId={userId}
          deviceName={t('outbox.deviceName', { register: storedRegister() })}
        />
      </Box>
      <form onSubmit={submit} noValidate>
        <Stack sx={{ gap: 2 }}>
          <Typography variant="h6" component="h1" sx={{ fontWeight: 700 }}>
            {t('shift.noShiftTitle')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('shift.noShiftHint')}
          </Typography>
          {offline && (
            <Alert severity="warning" data-testid="open-shift-offline">
              {t('shift.openOffline')}
            </Alert>
          )}
          <AmountField
            label={t('shift.openingCash')}
            value={openingCash}
            onValue={setOpeningCash}
            autoFocus
            guard={guard}
            testId="opening-cash"
            required
          />
          <TextField
            size="small"
            label={t('shift.register')}
            value={register}
            onChange={(e) => setRegister(e.target.value)}
            error={!registerOk}
            helperText={registerOk ? undefined : t('shift.registerRange')}
            slotProps={{
              htmlInput: { inputMode: 'numeric', dir: 'ltr', 'data-testid': 'shift-register' },
            }}
          />
          <Button
            type="submit"
            variant="contained"
            startIcon={<LockOpen />}
            disabled={open.isPending || offline}
            data-testid="open-shift-submit"
          >
            {t('shift.open')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
