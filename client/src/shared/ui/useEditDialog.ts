import { useState } from 'react';

export type EditDialog<T> = {
  open: boolean;
  /** The row being edited; null when creating. */
  item: T | null;
  /** A new key at each opening: mount the dialog with it so its form starts afresh. */
  key: number;
  openCreate: () => void;
  openEdit: (item: T) => void;
  close: () => void;
};

/** Open/close state of a create-or-edit dialog. */
export function useEditDialog<T>(): EditDialog<T> {
  const [state, setState] = useState<{ open: boolean; item: T | null; key: number }>({
    open: false,
    item: null,
    key: 0,
  });
  return {
    ...state,
    openCreate: () => setState((prev) => ({ open: true, item: null, key: prev.key + 1 })),
    openEdit: (item) => setState((prev) => ({ open: true, item, key: prev.key + 1 })),
    close: () => setState((prev) => ({ ...prev, open: false })),
  };
}
