import { Injectable } from '@nestjs/common';
import type { RequestMeta } from '../../../core/auth/decorators';
import { CommandRunner, TransactionalCommandHandler } from '../../../core/cqrs';
import { ProductsService } from '../services/products.service';

/** The base of the catalog's command handlers that write through (and answer from) ProductsService. */
@Injectable()
export abstract class CatalogCommandHandler<
  C extends { meta: RequestMeta },
  R = void,
> extends TransactionalCommandHandler<C, R> {
  constructor(
    runner: CommandRunner,
    protected readonly products: ProductsService,
  ) {
    super(runner);
  }
}
