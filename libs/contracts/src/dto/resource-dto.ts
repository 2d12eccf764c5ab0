import { Transform } from 'class-transformer';
import { getMetadataStorage, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { normalizeName } from '../safe-input';

/**
 * The patch DTO of a create DTO: the same rules, every property optional (a resource's PATCH).
 * The subclass inherits the rules (class-validator reads them up the prototype chain).
 */
export function partialOf<T extends object>(base: new () => T): new () => Partial<T> {
  class Patch extends (base as new () => object) {}
  const names = getMetadataStorage()
    .getTargetValidationMetadatas(base, '', true, false)
    .map((m) => m.propertyName);
  for (const name of new Set(names)) IsOptional()(Patch.prototype, name);
  Object.defineProperty(Patch, 'name', { value: `${base.name}Patch` });
  return Patch as new () => Partial<T>;
}

const nameRequired = { message: 'validation.catalog.nameRequired' };

/**
 * The one rule of every name-like text (a name, display name, payee, bank, brand; issue 30
 * item 17): bidirectional control characters removed and the spaces around it trimmed before it
 * is checked and saved (normalizeName, ../safe-input.ts), so a name of spaces alone is empty and
 * a required one is refused. Not text: left as sent for the type rule to refuse.
 */
export function NameText(): PropertyDecorator {
  return Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? normalizeName(value) : value,
  );
}

/** A required name: text of 1 to `max` characters ('الرجاء ادخال الاسم' when missing or empty). */
export function IsName(max = 120): PropertyDecorator {
  return (target, key) => {
    NameText()(target, key);
    IsString(nameRequired)(target, key as string);
    MinLength(1, nameRequired)(target, key as string);
    MaxLength(max)(target, key as string);
  };
}
