import type { ModuleKey } from '@pos/contracts';

/**
 * The site settings core needs (enabled modules for the guard's permission check, the branch
 * limit). Provided by the settings context, which owns the table (core never imports a module).
 */
export abstract class SettingsReader {
  abstract get(): Promise<{ modules: ModuleKey[]; maxBranches: number }>;

  async enabledModules(): Promise<ModuleKey[]> {
    return (await this.get()).modules;
  }
}
