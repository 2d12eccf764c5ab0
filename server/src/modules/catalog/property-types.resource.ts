import { PROPERTY_TYPES } from '@pos/contracts';
import { defineServerResource, resourceController } from '../../core/resource';
import { PropertyTypeEntity } from './entities/catalog.entities';

const trimmed = (values?: string[]) => values?.map((v) => v.trim());

/** /PropertyTypes: the variant axes (size, colour...); a type a product uses cannot be deleted. */
export const propertyTypes = defineServerResource({
  descriptor: PROPERTY_TYPES,
  entity: PropertyTypeEntity,
  table: 'property_types',
  columns: 't.id, t.name, t.values',
  audit: { action: 'property-type', entity: 'property_type' },
  search: ['t.name'],
  sort: { name: 't.name' },
  pageSize: 500,
  toInsert: (dto) => ({ name: dto.name, values: trimmed(dto.values) }),
  toPatch: (dto) => ({ name: dto.name, values: trimmed(dto.values) }),
  inUse: 'EXISTS (SELECT 1 FROM products WHERE $1 = ANY(property_type_ids))',
});

export const PropertyTypesController = resourceController(propertyTypes);
