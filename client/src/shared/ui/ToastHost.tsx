import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import Close from '@mui/icons-material/Close';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import NotificationsNoneOutlined from '@mui/icons-material/NotificationsNoneOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import {
  closeSnackbar,
  SnackbarContent,
  SnackbarProvider,
  type CustomContentProps,
} from 'notistack';
import { forwardRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { GENERAL_TOAST_MS, type ToastTone, type ToastType } from './toast';

type Props = CustomContentProps & { tone?: ToastTone };

const ICONS: Record<ToastType, ReactNode> = {
  default: <NotificationsNoneOutlined fontSize="small" />,
  info: <InfoOutlined fontSize="small" />,
  success: <CheckCircleOutlined fontSize="small" />,
  warning: <WarningAmberOutlined fontSize="small" />,
  error: <ErrorOutline fontSize="small" />,
};

const ToastCard = forwardRef<HTMLDivElement, Props>(function ToastCard(props, ref) {
  const { id, message, variant, tone = 'light' } = props;
  const theme = useTheme();
  const { t } = useTranslation('common');
  const type = variant as ToastType;
  const accent = type === 'default' ? theme.palette.grey[700] : theme.palette[type].main;
  const colored = tone === 'colored';
  return (
    <SnackbarContent ref={ref} role={type === 'error' ? 'alert' : 'status'} data-toast={type}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1,
          minWidth: 280,
          maxWidth: 420,
          paddingBlock: 1,
          paddingInlineStart: 1.5,
          paddingInlineEnd: 0.5,
          borderRadius: 1.5,
          boxShadow: 3,
          fontSize: 14,
          // Product toasts are right-to-left whatever the locale (spec §9).
          direction: colored ? 'rtl' : undefined,
          bgcolor: colored ? accent : '#fff',
          color: colored ? '#fff' : '#1f2933',
          borderInlineStart: colored ? 'none' : `4px solid ${accent}`,
        }}
      >
        <Box sx={{ display: 'flex', color: colored ? 'inherit' : accent }}>{ICONS[type]}</Box>
        <Box sx={{ flex: 1, lineHeight: 1.5 }}>{message}</Box>
        <IconButton
          size="small"
          aria-label={t('close')}
          onClick={() => closeSnackbar(id)}
          sx={{ color: 'inherit', opacity: 0.7 }}
        >
          <Close fontSize="inherit" />
        </IconButton>
      </Box>
    </SnackbarContent>
  );
});

const components = {
  default: ToastCard,
  info: ToastCard,
  success: ToastCard,
  warning: ToastCard,
  error: ToastCard,
};

/** Mount once near the root; `toast`/`useToast` work everywhere below and outside React. */
export function ToastHost({ children }: { children?: ReactNode }) {
  return (
    <SnackbarProvider
      Components={components}
      maxSnack={5}
      autoHideDuration={GENERAL_TOAST_MS}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      dense
    >
      {children}
    </SnackbarProvider>
  );
}
