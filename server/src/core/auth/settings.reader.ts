import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { DEFAULT_MAX_BRANCHES, MODULES, type ModuleKey } from '@pos/contracts';
import { SiteSettingsEntity } from '../../modules/settings/entities/settings.entities';

/** Reads the one site-settings row (enabled modules, branch limit). */
@Injectable()
export class SettingsReader {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async get(): Promise<{ modules: ModuleKey[]; maxBranches: number }> {
    const row = await this.ds.getRepository(SiteSettingsEntity).findOneBy({ id: 1 });
    return {
      modules: row?.modules ?? [...MODULES],
      maxBranches: row?.maxBranches ?? DEFAULT_MAX_BRANCHES,
    };
  }

  async enabledModules(): Promise<ModuleKey[]> {
    return (await this.get()).modules;
  }
}
