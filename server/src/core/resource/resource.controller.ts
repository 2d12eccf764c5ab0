import {
  type ModuleMetadata,
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  Res,
  SetMetadata,
  type Type,
} from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { ModuleRef } from '@nestjs/core';
import { InjectDataSource, TypeOrmModule } from '@nestjs/typeorm';
import type { Response } from 'express';
import { DataSource } from 'typeorm';
import { uuidv7 } from '../database/ids';
import type { AuthUser } from '../auth/auth.types';
import type { ResourceAccess } from '@pos/contracts';
import { ACCESS_KEY, CurrentUser, Meta, type Access, type RequestMeta } from '../auth/decorators';
import { CommandRunner } from '../cqrs/command-runner';
import { sendList } from '../http/list';
import { UuidPipe } from '../http/uuid.pipe';
import { ChangeResource, ChangeResourceHandler } from './resource.commands';
import type { AnyResource, ResourceQuery } from './resource-definition';
import { ResourceQueries } from './resource.queries';

/**
 * The controller of a resource at its contract path: GET (paged list, X-Total-Count), GET :id,
 * POST, PATCH :id and DELETE :id, each with the definition's access rule (the guard checks it).
 * Register the returned class in the owning module's `controllers`.
 */
export function resourceController(def: AnyResource): Type {
  const { descriptor } = def;
  const read = SetMetadata(ACCESS_KEY, access(descriptor.read));
  const write = SetMetadata(ACCESS_KEY, access(descriptor.write));

  @Controller(def.descriptor.path.replace(/^\//, ''))
  class ResourceController {
    readonly queries: ResourceQueries;
    readonly change: ChangeResourceHandler;

    constructor(@InjectDataSource() ds: DataSource, runner: CommandRunner, modules: ModuleRef) {
      this.queries = new ResourceQueries(ds, def);
      this.change = new ChangeResourceHandler(runner, def, (type) =>
        modules.get(type, { strict: false }),
      );
    }

    @read
    @Get()
    async list(
      @Query() query: ResourceQuery,
      @CurrentUser() user: AuthUser,
      @Res({ passthrough: true }) res: Response,
    ) {
      const { rows, total } = await this.queries.list(query, user);
      return sendList(res, rows, total);
    }

    @read
    @Get(':id')
    get(@Param('id', UuidPipe) id: string, @CurrentUser() user: AuthUser) {
      return this.queries.one(id, user);
    }

    @write
    @Post()
    async create(@Body() dto: object, @CurrentUser() user: AuthUser, @Meta() meta: RequestMeta) {
      const id = uuidv7();
      await this.change.execute(new ChangeResource('create', id, dto, user, meta));
      return this.queries.one(id, user, false);
    }

    @write
    @Patch(':id')
    async update(
      @Param('id', UuidPipe) id: string,
      @Body() dto: object,
      @CurrentUser() user: AuthUser,
      @Meta() meta: RequestMeta,
    ) {
      await this.change.execute(new ChangeResource('update', id, dto, user, meta));
      return this.queries.one(id, user, false);
    }

    @SetMetadata(ACCESS_KEY, access(descriptor.remove || descriptor.write))
    @Delete(':id')
    @HttpCode(204)
    async remove(
      @Param('id', UuidPipe) id: string,
      @CurrentUser() user: AuthUser,
      @Meta() meta: RequestMeta,
    ) {
      await this.change.execute(new ChangeResource('delete', id, null, user, meta));
    }
  }

  // The global validation pipe validates by the parameter's type: give it the contract's classes.
  const types = (method: string, ...first: Type[]) => {
    const current: unknown[] = Reflect.getMetadata(
      'design:paramtypes',
      ResourceController.prototype,
      method,
    );
    Reflect.defineMetadata(
      'design:paramtypes',
      [...first, ...current.slice(first.length)],
      ResourceController.prototype,
      method,
    );
  };
  types('list', def.descriptor.query);
  types('create', def.descriptor.create);
  types('update', String, def.descriptor.update);
  if (descriptor.remove === false) {
    delete (ResourceController.prototype as Partial<ResourceController>).remove;
    Reflect.deleteMetadata(ROUTE_ARGS_METADATA, ResourceController, 'remove');
  }
  Object.defineProperty(ResourceController, 'name', {
    value: `${def.descriptor.path.slice(1)}Controller`,
  });
  return ResourceController;
}

const access = (rule: ResourceAccess): Access =>
  rule === 'session'
    ? { kind: 'session' }
    : rule === 'admin'
      ? { kind: 'admin' }
      : { kind: 'permissions', permissions: rule };

/**
 * The metadata of a module that holds only resources: each one's entity registered
 * (`TypeOrmModule.forFeature`) and its controller — `@Module(resourceModule(a, b))`.
 */
export function resourceModule(...defs: AnyResource[]): ModuleMetadata {
  return {
    imports: [
      TypeOrmModule.forFeature(
        defs.map((d) => d.entity) as Parameters<typeof TypeOrmModule.forFeature>[0],
      ),
    ],
    controllers: defs.map(resourceController),
  };
}
