import type { ListQueryDto, ResourceDescriptor } from '@pos/contracts';
import type { Type } from '@nestjs/common';
import type { EntityTarget, ObjectLiteral } from 'typeorm';
import type { AuthUser } from '../auth/auth.types';
import type { CommandTransaction } from '../cqrs/command-transaction';

/**
 * What a definition's hooks are given: the command's transaction, the user, the row's id, and
 * `get` for a provider of the application (e.g. SecretsService), resolved by Nest.
 */
export type ResourceContext = {
  tx: CommandTransaction;
  user: AuthUser;
  id: string;
  get: <T>(type: Type<T>) => T;
};

/** A bound parameter's placeholder (`$n`) for a value. */
export type Bind = (value: unknown) => string;

/**
 * A reference-data resource on the server (issue 12 item 5): the contract's descriptor (path,
 * DTOs, sortable properties) plus how its rows are stored and who may do what. The kit turns it
 * into a controller with a paged list (`X-Total-Count`), get-one and audited create, patch and
 * delete, each a command in one transaction (core/resource/resource.commands.ts).
 */
export type ResourceDefinition<
  Row = unknown,
  C extends object = object,
  U extends object = object,
  E extends ObjectLiteral = ObjectLiteral,
> = {
  descriptor: ResourceDescriptor<Row, C, U>;
  entity: EntityTarget<E>;
  /** SQL table; the list reads it as `t`. */
  table: string;
  /** The SELECT list over `t` (and `joins`), aliased to the row's properties. */
  columns: string;
  joins?: string;
  /** Audit names: action `<action>.create|update|delete`, entity `<entity>`. */
  audit: { action: string; entity: string };
  /** SQL expressions `q` is searched in (Arabic-normalised; every word must match one of them). */
  search: string[];
  /** Sortable property (descriptor.sortable) → SQL expression (or several, comma-separated). */
  sort: Record<string, string>;
  /** Query property → SQL condition on its value (only when the value is given). */
  filters?: Record<string, (value: string, bind: Bind) => string>;
  /**
   * The rows belong to branches: lists read the user's branch scope, changes the write scope.
   * A row created in (or moved to) another branch answers 403, or 404 with `outside: 'notFound'`.
   */
  branch?: { column: string; property: keyof E & string; outside?: 'forbidden' | 'notFound' };
  /** Default page size when the query gives none. */
  pageSize?: number;
  /**
   * Entity values of a new row; by default the DTO's defined properties, text trimmed (the kit adds
   * `id`). May read or lock rows in the command's transaction (`ctx.tx`), e.g. the next code.
   */
  toInsert?: (dto: C, ctx: ResourceContext) => Partial<E> | Promise<Partial<E>>;
  /** Entity values of a patch; by default as for a new row. */
  toPatch?: (dto: U, ctx: ResourceContext, before: E) => Partial<E> | Promise<Partial<E>>;
  /** Rules checked in the command's transaction before the write (a cycle, a reference). */
  check?: (
    tx: CommandTransaction,
    id: string,
    values: Partial<E>,
    before: E | null,
  ) => Promise<void>;
  /** SQL that is true when row `$1` is still referenced: its delete answers 409 IN_USE. */
  inUse?: string;
  /**
   * Writes that go with the row's, in the same transaction (after the rules and `inUse`):
   * `created`/`updated` after the insert/patch (a branch's default inventory), `deleting` before
   * the delete (rows that belong to it alone).
   */
  effects?: {
    created?: (ctx: ResourceContext, values: Partial<E>) => Promise<void>;
    updated?: (ctx: ResourceContext, patch: Partial<E>, before: E) => Promise<void>;
    deleting?: (ctx: ResourceContext, before: E) => Promise<void>;
  };
  /** A row as this user is answered (a column only some may see); by default as selected. */
  toRow?: (row: Row, user: AuthUser) => Row;
};

export type AnyResource = ResourceDefinition<any, any, any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** The list query with the resource's own filters. */
export type ResourceQuery = ListQueryDto & Record<string, unknown>;

export function defineServerResource<
  Row,
  C extends object,
  U extends object,
  E extends ObjectLiteral,
>(def: ResourceDefinition<Row, C, U, E>): ResourceDefinition<Row, C, U, E> {
  return def;
}

const TASHKEEL = '\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06ED\u0640';

/** SQL twin of `normalizeArabic` (contracts/arabic.ts) for a text expression. */
export const sqlNormalized = (expr: string): string =>
  `lower(translate(regexp_replace(COALESCE(${expr}, ''), '[${TASHKEEL}]', '', 'g'), '\u0622\u0623\u0625\u0671\u0629\u0649', '\u0627\u0627\u0627\u0627\u0647\u064A'))`;
