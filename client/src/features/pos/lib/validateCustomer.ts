import { CustomerCreateDto } from '@pos/contracts';
import { dtoErrors, type FieldErrors } from '../../../shared/forms/useDtoForm';

/**
 * The quick-add customer form's check (the server's DTO class). Loaded when the form is sent, so
 * class-validator and the DTO classes (the `validation` chunk) stay out of the till's first load.
 */
export async function validateCustomer(
  body: CustomerCreateDto,
  language: string,
  fieldLabel: (field: string) => string,
): Promise<{ errors: FieldErrors; ok: boolean }> {
  const errors = await dtoErrors(CustomerCreateDto, body, language, fieldLabel);
  return { errors, ok: Object.keys(errors).length === 0 };
}
