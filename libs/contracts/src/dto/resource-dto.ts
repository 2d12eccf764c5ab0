import { getMetadataStorage, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';

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

/** A required name: text of 1 to `max` characters ('الرجاء ادخال الاسم' when missing or empty). */
export function IsName(max = 120): PropertyDecorator {
  return (target, key) => {
    IsString(nameRequired)(target, key as string);
    MinLength(1, nameRequired)(target, key as string);
    MaxLength(max)(target, key as string);
  };
}
