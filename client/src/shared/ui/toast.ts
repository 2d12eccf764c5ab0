import Fade from '@mui/material/Fade';
import { closeSnackbar, enqueueSnackbar, type SnackbarKey } from 'notistack';

// Spec §4/§9 toasts. Two flavours:
//  - the product's own toasts (the default): what a screen says about its own work (saved,
//    refused, done, its load errors): 3000 ms, "colored" (filled by type), right-to-left, slide;
//  - general toasts (`general: true`): the shell's (route guard, session, configuration and
//    store-wide loads): 5000 ms, top-right, "light" (white card, coloured icon and edge).
// Types: info, success, warning, error, default, loading (loading stays until closed/replaced).
export type ToastType = 'default' | 'info' | 'success' | 'warning' | 'error' | 'loading';
export type ToastTone = 'light' | 'colored';

export const GENERAL_TOAST_MS = 5000;
export const PRODUCT_TOAST_MS = 3000;

declare module 'notistack' {
  interface VariantOverrides {
    default: { tone?: ToastTone };
    info: { tone?: ToastTone };
    success: { tone?: ToastTone };
    warning: { tone?: ToastTone };
    error: { tone?: ToastTone };
    loading: { tone?: ToastTone };
  }
}

export type ToastOptions = {
  /** The shell's general style (light, 5000 ms, fade) instead of the product's own. */
  general?: boolean;
  /** The product's own style (the default; kept for callers that say so). */
  product?: boolean;
  /** Milliseconds; `null` keeps it until closed. */
  duration?: number | null;
  /** Replace/identify a toast (e.g. a loading toast later turned into success). */
  key?: SnackbarKey;
  preventDuplicate?: boolean;
};

export function showToast(
  type: ToastType,
  message: string,
  options: ToastOptions = {},
): SnackbarKey {
  const product = options.general !== true;
  if (options.key !== undefined) closeSnackbar(options.key);
  const duration =
    options.duration !== undefined
      ? options.duration
      : type === 'loading'
        ? null
        : product
          ? PRODUCT_TOAST_MS
          : GENERAL_TOAST_MS;
  return enqueueSnackbar(message, {
    variant: type,
    tone: product ? 'colored' : 'light',
    key: options.key,
    preventDuplicate: options.preventDuplicate,
    autoHideDuration: duration,
    persist: duration === null,
    anchorOrigin: { vertical: 'top', horizontal: 'right' },
    // The product's own toasts use notistack's slide (the provider default); general ones fade.
    ...(product ? {} : { TransitionComponent: Fade }),
  } as Parameters<typeof enqueueSnackbar>[1]);
}

export type Toaster = {
  show: typeof showToast;
  info: (message: string, options?: ToastOptions) => SnackbarKey;
  success: (message: string, options?: ToastOptions) => SnackbarKey;
  warning: (message: string, options?: ToastOptions) => SnackbarKey;
  error: (message: string, options?: ToastOptions) => SnackbarKey;
  message: (message: string, options?: ToastOptions) => SnackbarKey;
  loading: (message: string, options?: ToastOptions) => SnackbarKey;
  close: (key?: SnackbarKey) => void;
};

/** Usable outside React (the toaster works once <ToastHost> is mounted). */
export const toast: Toaster = {
  show: showToast,
  info: (m, o) => showToast('info', m, o),
  success: (m, o) => showToast('success', m, o),
  warning: (m, o) => showToast('warning', m, o),
  error: (m, o) => showToast('error', m, o),
  message: (m, o) => showToast('default', m, o),
  loading: (m, o) => showToast('loading', m, o),
  close: (key) => closeSnackbar(key),
};
