import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SettingsReader } from '../../core/auth/settings.reader';
import {
  FeatureEntity,
  FileEntity,
  SiteSettingsEntity,
  StoreInfoEntity,
  StoreSettingsEntity,
} from './entities/settings.entities';
import { SetFeatureHandler } from './commands/set-feature/set-feature.handler';
import { UpdateModulesHandler } from './commands/update-modules/update-modules.handler';
import { UpdateSiteSettingsHandler } from './commands/update-site-settings/update-site-settings.handler';
import { UpdateStoreInfoHandler } from './commands/update-store-info/update-store-info.handler';
import { UpdateStoreSettingsHandler } from './commands/update-store-settings/update-store-settings.handler';
import { UploadFileHandler } from './commands/upload-file/upload-file.handler';
import { FilesController, SettingsController } from './controllers/settings.controller';
import { SiteSettingsReader } from './settings.reader';

/** Global: it provides core's `SettingsReader` (the guard reads the enabled modules through it). */
@Global()
@Module({
  imports: [
    TypeOrmModule.forFeature([
      FeatureEntity,
      StoreInfoEntity,
      SiteSettingsEntity,
      FileEntity,
      StoreSettingsEntity,
    ]),
  ],
  controllers: [SettingsController, FilesController],
  providers: [
    { provide: SettingsReader, useClass: SiteSettingsReader },
    SetFeatureHandler,
    UpdateStoreInfoHandler,
    UpdateModulesHandler,
    UpdateSiteSettingsHandler,
    UpdateStoreSettingsHandler,
    UploadFileHandler,
  ],
  exports: [SettingsReader],
})
export class SettingsModule {}
