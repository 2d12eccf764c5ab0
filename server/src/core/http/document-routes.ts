import {
  applyDecorators,
  Body,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Patch,
  Post,
  Query,
  Res,
  type Type,
} from '@nestjs/common';
import { CommandBus, type ICommand } from '@nestjs/cqrs';
import type { Response } from 'express';
import type { AuthUser } from '../auth/auth.types';
import { CurrentUser, Meta, type RequestMeta } from '../auth/decorators';
import { Idempotent } from './idempotency';
import { sendList } from './list';
import { UuidPipe } from './uuid.pipe';

/** `@Param(name, UuidPipe)`: a document's `:id`, a UUID (400 otherwise), lower-cased. */
export const IdParam = (name = 'id') => Param(name, UuidPipe);

/** Sends a stored image or file inline, private to the caller, never sniffed or run. */
export function sendFile(
  res: Response,
  file: { contentType: string; data: Buffer },
  cacheControl = 'private, no-store',
) {
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', "default-src 'none'");
  res.end(file.data);
}

/** A step on one document: `POST :id/<verb>`, 200 (and keyed when it moves money or stock). */
export const StepRoute = (path: string, idempotent = false) =>
  applyDecorators(...(idempotent ? [Idempotent()] : []), Post(path), HttpCode(HttpStatus.OK));

/** A command route's status when the client's id may have been seen: 201 new, 200 replayed. */
export const createdOrSeen = (result: { created: boolean }) =>
  result.created ? HttpStatus.CREATED : HttpStatus.OK;

/** What a controller using `DocumentRoutes` holds: the command bus and its read service. */
export type DocumentHost = {
  readonly commands: CommandBus;
  readonly queries: object;
};

/**
 * The base of a controller that holds nothing but the two: `class X extends
 * DocumentController(XQueries)` (Nest injects the bus and the read service through it).
 */
export function DocumentController<Q extends object>(queries: Type<Q>) {
  class Host implements DocumentHost {
    constructor(
      readonly commands: CommandBus,
      readonly queries: Q,
    ) {}
  }
  Reflect.defineMetadata('design:paramtypes', [CommandBus, queries], Host);
  return Host;
}

type Page = { rows: unknown[]; total: number };
type Read = (...args: unknown[]) => Promise<unknown>;
const read = (host: DocumentHost, method: string) =>
  (host.queries as Record<string, Read>)[method].bind(host.queries);

/** A command built from the route's `:id` (steps) or body alone (creation). */
type StepCommand = new (id: string, ...rest: never[]) => ICommand;
type CreateCommand = new (dto: never, user: AuthUser, meta: RequestMeta) => ICommand;

export type DocumentStep = {
  command: StepCommand;
  /** the body's DTO class (the global validation pipe validates by it); none: a step without a
   * body (`new command(id, ...args, user, meta)`) */
  body?: Type;
  /** marked `@Idempotent()` (listed in MONEY_COMMANDS) */
  idempotent?: boolean;
  /** default `:id/<name>` */
  path?: string;
  /** the answer: the document the command answers (`{ id }`, a new document), not the step's */
  answer?: 'result';
  /** the status: 201 (a payment recorded), not 200 */
  created?: boolean;
  /** instead of the controller's `access` */
  access?: MethodDecorator;
  /** what the command takes between the id and the body (`new command(id, ...args, dto, user, meta)`) */
  args?: unknown[];
  /** what the command takes in the body's place (`(dto) => [dto.reason]`) */
  take?: (dto: never) => unknown[];
};

/** The body and what follows it, the body replaced by what `take` takes of it. */
const taking = (rest: never[], take?: (dto: never) => unknown[]) =>
  (take ? [...take(rest[0]), ...rest.slice(1)] : rest) as never[];

export type DocumentRoutesOptions = {
  /** the generated routes' path under the controller's, when the class holds more than one kind
   * (`@Controller()` with full paths) */
  prefix?: string;
  /** the access decorator every generated route takes (`RequirePermissions([...])`, …); none
   * when the class declares it */
  access?: MethodDecorator;
  /** `GET /` (`list`): `queries.list(query, user)` as a page, the total in X-Total-Count */
  list?: Type;
  /** `GET /:id` (`get`): `queries.get(id, user)` */
  get?: boolean;
  /** the read service's methods, when not `list` and `get` */
  reads?: { list?: string; get?: string };
  /**
   * `POST /` (`create`): runs the command and answers the document, by the `{ id }` the command
   * answers (`id: 'result'`) or the client's id in the body (`id: 'body'`).
   */
  create?: Omit<DocumentStep, 'command' | 'path'> & {
    command: CreateCommand;
    id: 'result' | 'body';
  };
  /** `GET /:id/<path>` (`<name>`): one document's paged rows, `queries.<name>(id, query, user)` */
  pages?: Record<string, { path: string; query: Type; access?: MethodDecorator }>;
  /** `PATCH /:id` (`update`): runs `new command(id, dto, user, meta)`, answers the document */
  update?: Omit<DocumentStep, 'path' | 'answer' | 'created'>;
  /** `POST /:id/<name>` (200): runs the command and answers `queries.get(id, user)` */
  steps?: Record<string, DocumentStep>;
  /** any other command route (`<name>`): see `CommandRoute` */
  commands?: Record<string, CommandRoute>;
};

/**
 * A route that runs one command, `new command(id?, dto?, user?, meta)`, and answers its result
 * (or what `answer` makes of it).
 */
export type CommandRoute = {
  /** the route as written, `Post('settlements')`, `Delete(':id')`, … (no `prefix`) */
  route: MethodDecorator;
  command: new (...args: never[]) => ICommand;
  /** the body's DTO class */
  body?: Type;
  /** the route's `:<id>` comes first (`true`: `:id`), a UUID */
  id?: true | string;
  /** the command takes no user: `new command(id?, dto?, meta)` */
  noUser?: boolean;
  /** what the command takes between the id and the body */
  args?: unknown[];
  /** what the command takes in the body's place (`(dto) => [dto.password]`) */
  take?: (dto: never) => unknown[];
  /** the command's arguments in another order: from the route's arguments (`[id?, dto?, user?, meta]`) */
  order?: (args: never[]) => unknown[];
  access?: MethodDecorator;
  idempotent?: boolean;
  /** 200 (a POST that creates nothing), 204 (nothing answered), or the status the result calls for
   * (201 for a new document, 200 for one the client's id had already made) */
  status?: HttpStatus | ((result: never) => HttpStatus);
  /** the answer from the read service, the command's result, the caller, the `:id` and the body */
  answer?: (queries: never, result: never, user: AuthUser, id: string, dto: never) => unknown;
};

type Route = {
  method: MethodDecorator[];
  access?: MethodDecorator;
  params: ((proto: object, name: string, index: number) => void)[];
  types: unknown[];
  run: (this: DocumentHost, ...args: never[]) => Promise<unknown>;
};

/**
 * The routes every document controller repeats, declared once on the class: the paged list, the
 * detail, the creation, the update, the steps (`approve`, `cancel`, …) and other one-command
 * routes. Each generated route has the same
 * path, access, status, parameters and body type as a hand-written one; a class-body route is
 * registered first (so `GET counts` stays ahead of the generated `GET :id`). The controller keeps
 * its bus and read service as `readonly commands` / `readonly queries`.
 */
export const DocumentRoutes =
  (options: DocumentRoutesOptions): ClassDecorator =>
  (target) => {
    const routes: Record<string, Route> = {};
    const at = (path: string) => [options.prefix, path].filter(Boolean).join('/');
    const list = options.reads?.list ?? 'list';
    const get = options.reads?.get ?? 'get';
    const answer = (host: DocumentHost, id: string, user: AuthUser) => read(host, get)(id, user);
    const caller = [CurrentUser(), Meta()];
    const keyed = (step: { idempotent?: boolean }, route: MethodDecorator) => [
      ...(step.idempotent ? [Idempotent()] : []),
      route,
    ];
    if (options.list)
      routes.list = {
        method: [Get(at(''))],
        params: [Query(), CurrentUser(), Res({ passthrough: true })],
        types: [options.list, Object, Object],
        async run(query: never, user: AuthUser, res: Response) {
          const { rows, total } = (await read(this, list)(query, user)) as Page;
          return sendList(res, rows, total);
        },
      };
    if (options.get)
      routes.get = {
        method: [Get(at(':id'))],
        params: [IdParam(), CurrentUser()],
        types: [String, Object],
        run(id: string, user: AuthUser) {
          return answer(this, id, user);
        },
      };
    for (const [name, page] of Object.entries(options.pages ?? {}))
      routes[name] = {
        method: [Get(at(`:id/${page.path}`))],
        access: page.access,
        params: [IdParam(), Query(), CurrentUser(), Res({ passthrough: true })],
        types: [String, page.query, Object, Object],
        async run(id: string, query: never, user: AuthUser, res: Response) {
          const { rows, total } = (await read(this, name)(id, query, user)) as Page;
          return sendList(res, rows, total);
        },
      };
    const create = options.create;
    if (create)
      routes.create = {
        method: keyed(create, Post(at(''))),
        access: create.access,
        params: [Body(), ...caller],
        types: [create.body, Object, Object],
        async run(dto: never, user: AuthUser, meta: RequestMeta) {
          const result = await this.commands.execute<ICommand, { id: string }>(
            new create.command(dto, user, meta),
          );
          return answer(this, create.id === 'body' ? (dto as { id: string }).id : result.id, user);
        },
      };
    const steps: [string, DocumentStep, MethodDecorator[]][] = Object.entries(
      options.steps ?? {},
    ).map(([name, step]) => {
      const path = at(step.path ?? `:id/${name}`);
      return [
        name,
        step,
        step.created ? keyed(step, Post(path)) : [StepRoute(path, step.idempotent)],
      ];
    });
    const update = options.update;
    if (update) steps.push(['update', update, keyed(update, Patch(at(':id')))]);
    for (const [name, step, method] of steps) {
      const body = step.body ? [Body()] : [];
      routes[name] = {
        method,
        access: step.access,
        params: [IdParam(), ...body, ...caller],
        types: [String, ...(step.body ? [step.body] : []), Object, Object],
        async run(id: string, ...rest: never[]) {
          const user = rest[rest.length - 2] as AuthUser;
          const result = await this.commands.execute<ICommand, { id: string } | undefined>(
            new step.command(id, ...((step.args ?? []) as never[]), ...taking(rest, step.take)),
          );
          return answer(this, step.answer === 'result' ? result!.id : id, user);
        },
      };
    }
    for (const [name, command] of Object.entries(options.commands ?? {})) {
      const { id, body, noUser, status, answer: of } = command;
      const method = keyed(command, command.route);
      if (typeof status === 'number') method.push(HttpCode(status));
      // The route's arguments, in this order; the response only to set a status from the result.
      const parts: (readonly [string, ParameterDecorator, unknown])[] = [
        ...(id ? [['id', IdParam(id === true ? 'id' : id), String] as const] : []),
        ...(body ? [['dto', Body(), body] as const] : []),
        ...(noUser ? [] : [['user', CurrentUser(), Object] as const]),
        ['meta', Meta(), Object],
        ...(typeof status === 'function'
          ? [['res', Res({ passthrough: true }), Object] as const]
          : []),
      ];
      routes[name] = {
        method,
        access: command.access,
        params: parts.map(([, param]) => param),
        types: parts.map(([, , type]) => type),
        async run(...args: never[]) {
          const arg: Record<string, never> = Object.fromEntries(
            parts.map(([key], i) => [key, args[i]]),
          );
          const rest = [...(body ? [arg.dto] : []), ...(noUser ? [] : [arg.user]), arg.meta];
          const result = await this.commands.execute(
            new command.command(
              ...((command.order?.(args) ?? [
                ...(id ? [arg.id] : []),
                ...(command.args ?? []),
                ...taking(rest, command.take),
              ]) as never[]),
            ),
          );
          if (typeof status === 'function') (arg.res as Response).status(status(result as never));
          if (status === HttpStatus.NO_CONTENT) return;
          return of
            ? of(this.queries as never, result as never, arg.user, arg.id, arg.dto)
            : result;
        },
      };
    }
    const proto = target.prototype as object;
    for (const [name, route] of Object.entries(routes)) {
      // A method written in the class under a generated route's name would be silently replaced.
      if (Object.prototype.hasOwnProperty.call(proto, name))
        throw new Error(`${target.name}.${name} is both written and generated by @DocumentRoutes`);
      Object.defineProperty(proto, name, { value: route.run, writable: true, configurable: true });
      Reflect.defineMetadata('design:paramtypes', route.types, proto, name);
      route.params.forEach((param, index) => param(proto, name, index));
      const descriptor = Object.getOwnPropertyDescriptor(proto, name)!;
      const access = route.access ?? options.access;
      applyDecorators(...(access ? [access] : []), ...route.method)(proto, name, descriptor);
    }
  };
