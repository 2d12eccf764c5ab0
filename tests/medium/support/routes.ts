import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ACCESS_KEY, type Access } from '../../../server/src/core/auth/decorators';
import { PROBE_PATHS } from '../../../server/src/core/http/health.controller';
import { IDEMPOTENT_KEY } from '../../../server/src/core/http/idempotency';

export type RegisteredRoute = {
  method: 'get' | 'post' | 'patch' | 'put' | 'delete';
  /** Express-style path with :params, under /api (the load balancer's probes outside it) */
  path: string;
  access: Access;
  /** Whether the handler declared its access (or its controller did). */
  declared: boolean;
  handler: string;
  /** `@Idempotent()`'s mode (`header` or `body`) on a command that moves money or stock */
  idempotent?: 'header' | 'body';
};

const METHODS: Partial<Record<RequestMethod, RegisteredRoute['method']>> = {
  [RequestMethod.GET]: 'get',
  [RequestMethod.POST]: 'post',
  [RequestMethod.PATCH]: 'patch',
  [RequestMethod.PUT]: 'put',
  [RequestMethod.DELETE]: 'delete',
};

const join = (...parts: string[]) =>
  '/' +
  parts
    .map((p) => p.replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/');

/** Every route the app registered, read from the controllers' own metadata. */
export function registeredRoutes(app: NestExpressApplication): RegisteredRoute[] {
  const out: RegisteredRoute[] = [];
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => object) | null;
      if (!controller) continue;
      const basePaths = ([] as string[]).concat(
        Reflect.getMetadata(PATH_METADATA, controller) ?? '/',
      );
      const classAccess: Access | undefined = Reflect.getMetadata(ACCESS_KEY, controller);
      const proto = controller.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(proto)) {
        const fn = proto[name];
        if (name === 'constructor' || typeof fn !== 'function') continue;
        const method = METHODS[Reflect.getMetadata(METHOD_METADATA, fn) as RequestMethod];
        const paths = Reflect.getMetadata(PATH_METADATA, fn);
        if (!method || paths === undefined) continue;
        const own: Access | undefined = Reflect.getMetadata(ACCESS_KEY, fn);
        for (const base of basePaths) {
          for (const sub of ([] as string[]).concat(paths)) {
            const routed = join(base, sub);
            out.push({
              method,
              path: PROBE_PATHS.includes(routed.slice(1)) ? routed : join('api', base, sub),
              access: own ?? classAccess ?? { kind: 'session' },
              declared: !!(own ?? classAccess),
              handler: `${controller.name}.${name}`,
              idempotent: Reflect.getMetadata(IDEMPOTENT_KEY, fn),
            });
          }
        }
      }
    }
  }
  return out;
}

/** Fill :params with values of the right shape. */
export function concretePath(path: string): string {
  return path
    .replace(':provider', 'credentials')
    .replace(':key', 'some_feature')
    .replace(/:(\w+)/g, '01a2019b-0000-7000-8000-000000000000');
}
