import { Injectable } from '@nestjs/common';
import type { ReportDefinition } from './report-definition';

/**
 * Every report of /api/Reports/{key}. The reports module registers its own (definitions/);
 * another module can inject this and `register` its reports in `onModuleInit`.
 */
@Injectable()
export class ReportRegistry {
  private readonly byKey = new Map<string, ReportDefinition>();

  register(...definitions: ReportDefinition[]): void {
    for (const d of definitions) {
      if (this.byKey.has(d.key.toLowerCase())) throw new Error(`Report ${d.key} registered twice`);
      this.byKey.set(d.key.toLowerCase(), d);
    }
  }

  /** Keys are matched without case (the API's paths are). */
  get(key: string): ReportDefinition | undefined {
    return this.byKey.get(key.toLowerCase());
  }

  list(): ReportDefinition[] {
    return [...this.byKey.values()];
  }
}
