import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { handleError } from '../api/handleError';
import { useIdempotencyKey } from '../lib/useIdempotencyKey';
import { toast } from './toast';

export type CrudMutationOptions<TVars, TData> = {
  /** `options` only with `idempotent` (its key renewed after each success). */
  mutationFn: (vars: TVars, options: { idempotencyKey: string }) => Promise<TData>;
  /** A command that moves money or stock: one idempotency key per intention. */
  idempotent?: boolean;
  /** The success toast's text. */
  success?: string | ((data: TData, vars: TVars) => string);
  /** Query keys to invalidate after a success, one after the other. */
  invalidate?: readonly QueryKey[];
  /** Runs after the toast, before the invalidation (close a confirmation, update an atom). */
  onSuccess?: (data: TData, vars: TVars) => void;
  /** Runs once the invalidated queries have refetched (close the form, navigate). */
  onDone?: (data: TData, vars: TVars) => void | Promise<void>;
  /** Runs before the error is toasted. */
  onError?: (error: unknown) => void;
};

/** A react-query mutation the back-office way: toast on success, invalidate, toast the error. */
export function useCrudMutation<TVars, TData = unknown>(
  options: CrudMutationOptions<TVars, TData>,
) {
  const queryClient = useQueryClient();
  const idem = useIdempotencyKey();
  return useMutation({
    mutationFn: (vars: TVars) =>
      options.idempotent
        ? options.mutationFn(vars, { idempotencyKey: idem.key })
        : (options.mutationFn as (vars: TVars) => Promise<TData>)(vars),
    onSuccess: async (data: TData, vars: TVars) => {
      if (options.idempotent) idem.renew();
      const { success } = options;
      if (success !== undefined) {
        toast.success(typeof success === 'function' ? success(data, vars) : success);
      }
      options.onSuccess?.(data, vars);
      for (const queryKey of options.invalidate ?? []) {
        await queryClient.invalidateQueries({ queryKey });
      }
      await options.onDone?.(data, vars);
    },
    onError: (err) => {
      options.onError?.(err);
      handleError(err, { toast: true });
    },
  });
}

export type ConfirmedMutationOptions<T, R = unknown> = Omit<
  CrudMutationOptions<T, R>,
  'mutationFn'
> & {
  /** Runs the command on the row, with one idempotency key per confirmed intention. */
  mutationFn: (row: T, options: { idempotencyKey: string }) => Promise<R>;
  /** Close the confirmation on a failure too (default: it stays open). */
  closeOnError?: boolean;
};

/**
 * An action on a row that asks first (delete, deactivate): `ask(row)` opens the confirmation,
 * `dialogProps` go to `<ConfirmDialog>`, confirming runs the mutation on the row.
 */
export function useConfirmedMutation<T, R = unknown>({
  closeOnError,
  ...options
}: ConfirmedMutationOptions<T, R>) {
  const [target, setTarget] = useState<T | null>(null);
  const mutation = useCrudMutation<T, R>({
    ...options,
    idempotent: true,
    onSuccess: (data, row) => {
      setTarget(null);
      options.onSuccess?.(data, row);
    },
    onError: (err) => {
      if (closeOnError) setTarget(null);
      options.onError?.(err);
    },
  });
  return {
    /** The row waiting for confirmation. */
    target,
    ask: (row: T) => setTarget(row),
    mutation,
    dialogProps: {
      open: target !== null,
      loading: mutation.isPending,
      onConfirm: () => {
        if (target !== null) mutation.mutate(target);
      },
      onCancel: () => setTarget(null),
    },
  };
}
