import {
  createContext,
  useContext,
  useLayoutEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';

/** One amount field as its form's guard sees it. */
type GuardedField = {
  /** The text cannot be used (or is empty where required): the form must not be sent. */
  invalid: boolean;
  /** Show the reason under the field even if it was never typed in. */
  reveal: () => void;
  focus: () => void;
};

/**
 * The amount fields of one form. A form sends only when `check()` says every field inside holds
 * a usable value; otherwise each failing field shows why under itself and the first gets the focus.
 */
export class FieldGuardStore {
  private readonly fields = new Set<{ current: GuardedField }>();

  add(field: { current: GuardedField }): () => void {
    this.fields.add(field);
    return () => this.fields.delete(field);
  }

  /** Whether no field inside is invalid (nothing shown). */
  get valid(): boolean {
    for (const f of this.fields) if (f.current.invalid) return false;
    return true;
  }

  /** true when the form may be sent; otherwise every invalid field says why. */
  check(): boolean {
    let first: GuardedField | undefined;
    for (const { current } of this.fields) {
      if (!current.invalid) continue;
      current.reveal();
      first ??= current;
    }
    first?.focus();
    return first === undefined;
  }
}

const FieldGuardContext = createContext<FieldGuardStore | null>(null);

/**
 * A guard for one form: wrap the fields in `<FieldGuard guard={g}>` (or pass `guard={g}` to each
 * field) and send only when `g.check()`.
 */
export function useFieldGuard(): FieldGuardStore {
  const [guard] = useState(() => new FieldGuardStore());
  return guard;
}

export function FieldGuard({ guard, children }: { guard: FieldGuardStore; children: ReactNode }) {
  return <FieldGuardContext.Provider value={guard}>{children}</FieldGuardContext.Provider>;
}

/**
 * Registers a field with its guard (the one passed, else the nearest FieldGuard); the field keeps
 * `state` current on every render.
 */
export function useGuardedField(state: GuardedField, own?: FieldGuardStore): void {
  const nearest = useContext(FieldGuardContext);
  const guard = own ?? nearest;
  const ref = useRef(state);
  useLayoutEffect(() => {
    ref.current = state;
  });
  useLayoutEffect(() => (guard ? guard.add(ref) : undefined), [guard]);
}
