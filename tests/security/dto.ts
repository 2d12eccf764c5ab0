import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { getMetadataStorage } from 'class-validator';

type Ctor = new (...args: never[]) => object;
export type RouteTypes = { body?: Ctor; query?: Ctor; queryKeys: string[] };

const BODY = 3;
const QUERY = 4;

/** Per handler ("Controller.method"): the @Body() and @Query() DTO classes, from Nest's metadata. */
export function routeTypes(app: NestExpressApplication): Map<string, RouteTypes> {
  const out = new Map<string, RouteTypes>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as Ctor | null;
      if (!controller) continue;
      for (const method of Object.getOwnPropertyNames(controller.prototype)) {
        if (method === 'constructor') continue;
        const params: Record<string, { index: number; data?: string }> =
          Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {};
        const types: Ctor[] =
          Reflect.getMetadata('design:paramtypes', controller.prototype, method) ?? [];
        const entry: RouteTypes = { queryKeys: [] };
        for (const [key, arg] of Object.entries(params)) {
          const kind = Number(key.split(':')[0]);
          const type = types[arg.index];
          const isDto =
            typeof type === 'function' &&
            ![Object, String, Number, Boolean, Array].includes(type as never);
          if (kind === BODY && isDto) entry.body = type;
          if (kind === QUERY && arg.data) entry.queryKeys.push(arg.data);
          else if (kind === QUERY && isDto) entry.query = type;
        }
        out.set(`${controller.name}.${method}`, entry);
      }
    }
  }
  return out;
}

export type FieldKind = 'string' | 'number' | 'boolean' | 'array' | 'object' | 'date' | 'any';

/** The DTO's validated fields and what type each expects (from class-validator's decorators). */
export function dtoFields(dto: Ctor): Record<string, FieldKind> {
  const metas = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
  const names: Record<string, Set<string>> = {};
  for (const m of metas) {
    (names[m.propertyName] ??= new Set()).add(m.name ?? m.type);
  }
  const out: Record<string, FieldKind> = {};
  for (const [field, set] of Object.entries(names)) {
    const has = (...n: string[]) => n.some((x) => set.has(x));
    out[field] = has('isArray', 'arrayMinSize', 'arrayMaxSize', 'arrayUnique')
      ? 'array'
      : has('isInt', 'isNumber', 'min', 'max', 'isPositive')
        ? 'number'
        : has('isBoolean')
          ? 'boolean'
          : has('isObject')
            ? 'object'
            : has('isDateString', 'isISO8601', 'isDate', 'isCalendarDate')
              ? 'date'
              : has(
                    'isString',
                    'isUuid',
                    'matches',
                    'isIn',
                    'minLength',
                    'maxLength',
                    'isEnum',
                    'isEmail',
                    'isUrl',
                    'length',
                  )
                ? 'string'
                : 'any';
  }
  return out;
}

/** Free-text fields: strings without a format (no uuid, enum, pattern or date): where search goes. */
export function freeTextFields(dto: Ctor): string[] {
  const metas = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
  const kinds = dtoFields(dto);
  const formatted = new Set(
    metas
      .filter((m) =>
        [
          'isUuid',
          'isIn',
          'matches',
          'isEnum',
          'isDateString',
          'isISO8601',
          'isCalendarDate',
          'isEmail',
          'isUrl',
        ].includes(m.name ?? ''),
      )
      .map((m) => m.propertyName),
  );
  return Object.entries(kinds)
    .filter(([f, k]) => k === 'string' && !formatted.has(f))
    .map(([f]) => f);
}
