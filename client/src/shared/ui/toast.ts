import Fade from '@mui/material/Fade';
import { closeSnackbar, enqueueSnackbar, type SnackbarKey } from 'notistack';

// Spec §4/§9 toasts. Two flavours:
//  - the product's own toasts (the default): what a screen says about its own work (saved,
//    refused, done, its load errors): 3000 ms, "colored" (filled by type), right-to-left, slide;
//  - general toasts (`general: true`): the shell's (route guard, session, configuration and
//    store-wide loads): 5000 ms, top-right, "light" (white card, coloured icon and edge).
export type ToastType = 'default' | 'info' | 'success' | 'warning' | 'error';
export type ToastTone = 'light' | 'colored';

export const GENERAL_TOAST_MS = 5000;
const PRODUCT_TOAST_MS = 3000;

declare module 'notistack' {
  interface VariantOverrides {
    default: { tone?: ToastTone };
    info: { tone?: ToastTone };
    success: { tone?: ToastTone };
    warning: { tone?: ToastTone };
    error: { tone?: ToastTone };
  }
}

export type ToastOptions = {
  /** The shell's general style (light, 5000 ms, fade) instead of the product's own. */
  general?: boolean;
  /** The product's own style (the default; kept for callers that say so). */
  product?: boolean;
  /** Replaces the toast of the same key (one guard or configuration toast at a time). */
  key?: SnackbarKey;
};

export function showToast(
  type: ToastType,
  message: string,
  options: ToastOptions = {},
): SnackbarKey {
  const product = options.general !== true;
  if (options.key !== undefined) closeSnackbar(options.key);
  return enqueueSnackbar(message, {
    variant: type,
    tone: product ? 'colored' : 'light',
    key: options.key,
    autoHideDuration: product ? PRODUCT_TOAST_MS : GENERAL_TOAST_MS,
    anchorOrigin: { vertical: 'top', horizontal: 'right' },
    // The product's own toasts use notistack's slide (the provider default); general ones fade.
    ...(product ? {} : { TransitionComponent: Fade }),
  } as Parameters<typeof enqueueSnackbar>[1]);
}

type Show = (message: string, options?: ToastOptions) => SnackbarKey;
export type Toaster = { info: Show; success: Show; warning: Show; error: Show };

/** Usable outside React (the toaster works once <ToastHost> is mounted). */
export const toast: Toaster = {
  info: (m, o) => showToast('info', m, o),
  success: (m, o) => showToast('success', m, o),
  warning: (m, o) => showToast('warning', m, o),
  error: (m, o) => showToast('error', m, o),
};
