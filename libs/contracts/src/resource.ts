import type { ListQueryDto } from './dto/list.dto';
import type { PermissionKey } from './permissions';

/** Who may: any signed-in user, administrators only, or holders of every listed permission. */
export type ResourceAccess = 'session' | 'admin' | PermissionKey[];

/**
 * One reference-data resource as both sides see it (issue 12 item 5): its API path (relative to
 * `/api`), the class-validator DTOs that check a create and a patch on the server and in the
 * client's form, the list query, and the sortable properties. The server's resource kit
 * (server/src/core/resource) and the client's (client/src/shared/resource) read it, so a path is
 * written once.
 */
export type ResourceDescriptor<
  Row = unknown,
  Create extends object = object,
  Update extends object = object,
> = {
  /** API path under `/api`, e.g. '/ExpenseCategories'; an item is `${path}/${id}`. */
  path: string;
  create: new () => Create;
  update: new () => Update;
  /** The list's query DTO: ListQueryDto or a subclass with the resource's filters. */
  query: new () => ListQueryDto;
  /** Properties a list may be sorted by (`sort=name` or `sort=-name`). */
  sortable: readonly string[];
  defaultSort: string;
  /** Checked by the server on every call; the client shows its buttons by the same rules. */
  read: ResourceAccess;
  write: ResourceAccess;
  /** Deletes, when they differ from `write`; `false`: the resource has no delete. */
  remove?: ResourceAccess | false;
  /** Type-only: the row the API answers with. */
  readonly row?: Row;
};

export function defineResource<Row, Create extends object, Update extends object = Partial<Create>>(
  descriptor: Omit<ResourceDescriptor<Row, Create, Update>, 'row'>,
): ResourceDescriptor<Row, Create, Update> {
  return descriptor;
}

export type ResourceRow<D> = D extends ResourceDescriptor<infer Row, object, object> ? Row : never;
