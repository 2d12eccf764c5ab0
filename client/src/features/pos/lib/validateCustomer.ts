import { CustomerCreateDto } from '@pos/contracts';
import { hasErrors, validateDto, type FieldErrors } from '../../../shared/forms/validateDto';

/**
 * The quick-add customer form's check (the server's DTO class). Loaded when the form is sent, so
 * class-validator and the DTO classes (the `validation` chunk) stay out of the till's first load.
 */
export async function validateCustomer(
  body: CustomerCreateDto,
  language: string,
  fieldLabel: (field: string) => string,
): Promise<{ errors: FieldErrors; ok: boolean }> {
  const errors = await validateDto(CustomerCreateDto, body, language, fieldLabel);
  return { errors, ok: !hasErrors(errors) };
}
