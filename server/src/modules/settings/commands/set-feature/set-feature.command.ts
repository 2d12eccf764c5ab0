import type { RequestMeta } from '../../../../core/auth/decorators';

/** Turns a feature flag on or off (created on first use). */
export class SetFeatureCommand {
  constructor(
    readonly key: string,
    readonly enabled: boolean,
    readonly meta: RequestMeta,
  ) {}
}
