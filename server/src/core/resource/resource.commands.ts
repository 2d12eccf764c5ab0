import { HttpStatus, type Type } from '@nestjs/common';
import type { AuthUser } from '../auth/auth.types';
import type { RequestMeta } from '../auth/decorators';
import { branchWriteScope } from '../auth/branch-scope';
import type { CommandRunner } from '../cqrs/command-runner';
import type { CommandTransaction } from '../cqrs/command-transaction';
import { TransactionalCommandHandler } from '../cqrs/transactional-command.handler';
import { AppException, Errors } from '../errors/app.exception';
import type { AnyResource, ResourceContext } from './resource-definition';

export type ResourceVerb = 'create' | 'update' | 'delete';

/** Create, patch or delete one row of a resource. */
export class ChangeResource {
  constructor(
    readonly verb: ResourceVerb,
    readonly id: string,
    readonly dto: object | null,
    readonly user: AuthUser,
    readonly meta: RequestMeta,
  ) {}
}

const FOREIGN_KEY_VIOLATION = '23503';
/** A DTO's defined properties, text trimmed. */
const defined = (dto: object) =>
  Object.fromEntries(
    Object.entries(dto)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]),
  );

/**
 * The audited write of every resource, in the command's one transaction: the row is locked, the
 * resource's rules run, then the insert, patch or delete, with one audit row (before/after).
 * A row outside the user's branch write scope is not found; a delete of a row still referenced
 * answers 409 IN_USE (by the resource's own check, or by the database's foreign keys).
 */
export class ChangeResourceHandler extends TransactionalCommandHandler<ChangeResource, void> {
  constructor(
    runner: CommandRunner,
    private readonly def: AnyResource,
    /** Resolves a provider for the definition's hooks (the controller passes Nest's ModuleRef). */
    private readonly get: <T>(type: Type<T>) => T = () => {
      throw new Error('no providers');
    },
  ) {
    super(runner);
  }

  protected async handle(c: ChangeResource, tx: CommandTransaction): Promise<void> {
    const { def } = this;
    const ctx: ResourceContext = { tx, user: c.user, id: c.id, get: this.get };
    const audit = {
      action: `${def.audit.action}.${c.verb}`,
      entity: def.audit.entity,
      entityId: c.id,
    };
    if (c.verb === 'create') {
      const dto = c.dto ?? {};
      const values = { ...defined(def.toInsert ? await def.toInsert(dto, ctx) : dto), id: c.id };
      this.assertBranch(c.user, values);
      await def.check?.(tx, c.id, values, null);
      await tx.m.insert(def.entity, values);
      await def.effects?.created?.(ctx, values);
      tx.audit({ ...audit, after: values });
      return;
    }
    const before = await tx.m.findOne(def.entity, {
      where: { id: c.id },
      lock: { mode: 'pessimistic_write' },
    });
    if (!before || !this.inScope(c.user, before)) throw Errors.notFound();
    if (c.verb === 'update') {
      const dto = c.dto ?? {};
      const patch = defined(def.toPatch ? await def.toPatch(dto, ctx, before) : dto);
      this.assertBranch(c.user, patch);
      await def.check?.(tx, c.id, patch, before);
      if (Object.keys(patch).length) await tx.m.update(def.entity, { id: c.id }, patch);
      await def.effects?.updated?.(ctx, patch, before);
      tx.audit({ ...audit, before, after: { ...before, ...patch } });
      return;
    }
    if (def.inUse && (await tx.m.query(`SELECT (${def.inUse}) AS used`, [c.id]))[0].used)
      throw inUse();
    await def.effects?.deleting?.(ctx, before);
    await tx.m.delete(def.entity, { id: c.id }).catch((e: { code?: string }) => {
      throw e?.code === FOREIGN_KEY_VIOLATION ? inUse() : e;
    });
    tx.audit({ ...audit, before });
  }

  private inScope(user: AuthUser, row: Record<string, unknown>): boolean {
    const scope = this.def.branch && branchWriteScope(user);
    return !scope || row[this.def.branch!.property] === scope;
  }

  /** A row may not be created in, or moved to, a branch outside the user's write scope. */
  private assertBranch(user: AuthUser, values: Record<string, unknown>): void {
    const property = this.def.branch?.property;
    if (property && values[property] !== undefined && !this.inScope(user, values))
      throw this.def.branch!.outside === 'notFound' ? Errors.notFound() : Errors.forbidden();
  }
}

const inUse = () => new AppException('IN_USE', HttpStatus.CONFLICT);
