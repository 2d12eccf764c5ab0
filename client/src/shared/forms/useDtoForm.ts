import { classValidatorResolver } from '@hookform/resolvers/class-validator';
import type { FormEvent } from 'react';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldError,
  type FieldValues,
  type Resolver,
  type UseFormProps,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { FieldGuardStore } from '../ui/fieldGuard';
import { describeError } from './dtoMessages';
import { fieldLabel, parseLocale } from '@pos/contracts';

type Dto = new () => object;

/** Field path (`lines.2.quantity`) → the message to show under it (first failing rule). */
export type FieldErrors = Partial<Record<string, string>>;

/**
 * The body's errors by the contracts' DTO class through react-hook-form's class-validator
 * resolver, each in the user's language and naming the field by its label (as the server words it).
 */
export async function dtoErrors(
  dto: Dto,
  body: object,
  language: string,
  /** Default: the field's label in the contracts, as the server names it. */
  label: (field: string) => string = (field) =>
    fieldLabel(parseLocale(language?.slice(0, 2)), field),
): Promise<FieldErrors> {
  const check = classValidatorResolver(dto as new () => FieldValues, {}, { raw: true });
  const { errors } = await check(body as FieldValues, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });
  return describeAll(errors, language, label);
}

/** react-hook-form's (nested) errors → each field path's message in the user's language. */
function describeAll(
  errors: object,
  language: string,
  label: (field: string) => string,
): FieldErrors {
  const out: FieldErrors = {};
  const walk = (node: object, prefix: string): void => {
    for (const [key, value] of Object.entries(node)) {
      const field = prefix ? `${prefix}.${key}` : key;
      const error = value as FieldError;
      if (typeof error?.type === 'string')
        out[field] = describeError(language, error.type, String(error.message), label(field));
      else if (value && typeof value === 'object') walk(value as object, field);
    }
  };
  walk(errors, '');
  return out;
}

export const hasErrors = (errors: FieldErrors): boolean =>
  Object.values(errors).some((value) => value !== undefined);

export type DtoFormOptions<V extends FieldValues, B> = {
  /** The contracts' DTO class the body must pass. */
  dto: Dto;
  defaultValues: DefaultValues<V>;
  /** The form's values → the body sent (trimmed text, numbers, nulls); default the values as they are. */
  toBody?: (values: V) => B;
  /** A field's label, for the messages (the body's field path). */
  label: (field: string) => string;
  /** The amount fields' guard: nothing is sent while one holds text that is not an amount. */
  guard?: FieldGuardStore;
} & Omit<UseFormProps<V>, 'defaultValues' | 'resolver'>;

/**
 * A form on react-hook-form whose body is checked by the contracts' DTO class (the server's rules),
 * each message in the user's language naming its field by its label. `errorOf(path)` is the message
 * under a field; `submit(send)` checks the amount fields' guard, then the DTO, then calls `send(body)`.
 */
export function useDtoForm<V extends FieldValues, B = V>({
  dto,
  defaultValues,
  toBody = (v) => v as unknown as B,
  label,
  guard,
  ...options
}: DtoFormOptions<V, B>) {
  const { i18n } = useTranslation();
  const resolver: Resolver<V> = async (values, context, opts) => {
    const check = classValidatorResolver(dto as new () => FieldValues, {}, { raw: true });
    const result = await check(toBody(values) as FieldValues, context, opts as never);
    return Object.keys(result.errors).length
      ? { values: {}, errors: result.errors as never }
      : { values, errors: {} };
  };
  const form = useForm<V>({ ...options, defaultValues, resolver });
  const errorOf = (field: string, fieldLabel?: string): string | undefined => {
    const error = get(form.formState.errors, field) as FieldError | undefined;
    return error?.type
      ? describeError(
          i18n.language,
          String(error.type),
          String(error.message),
          fieldLabel ?? label(field),
        )
      : undefined;
  };
  const submit =
    (
      send: (body: B, values: V) => void | Promise<void>,
      /** The DTO refused the body: each field's message (for a form that shows them elsewhere). */
      onInvalid?: (messages: FieldErrors) => void,
    ) =>
    async (event?: FormEvent): Promise<void> => {
      event?.preventDefault();
      if (guard && !guard.check()) return;
      await form.handleSubmit(
        (values) => send(toBody(values), values),
        (errors) => onInvalid?.(describeAll(errors, i18n.language, label)),
      )();
    };
  return { ...form, errorOf, submit };
}
