import { Controller, Get } from '@nestjs/common';
import { RequirePermissions } from '../../../server/src/core/auth/decorators';

/**
 * Test-only: no product endpoint declares a module yet (docs/decisions/, "Module rule"), so the
 * guard's module check (spec §5: every key and, if modules are required, at least one enabled)
 * is proven on this one, registered only in the test app.
 */
@Controller('test-only/module-probe')
export class ModuleProbeController {
  @Get()
  @RequirePermissions(['can_see_products'], ['INSTALLMENTS', 'Maintenance'])
  probe() {
    return { ok: true };
  }
}
