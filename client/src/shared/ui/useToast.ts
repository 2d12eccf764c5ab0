import { toast, type Toaster } from './toast';

/** `const toast = useToast(); toast.success(t('users:saved'))` (see shared/README.md). */
export function useToast(): Toaster {
  return toast;
}
