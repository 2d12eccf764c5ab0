import { Module } from '@nestjs/common';
import { SetFeatureHandler } from './commands/set-feature/set-feature.handler';
import { UpdateModulesHandler } from './commands/update-modules/update-modules.handler';
import { UpdateSiteSettingsHandler } from './commands/update-site-settings/update-site-settings.handler';
import { UpdateStoreInfoHandler } from './commands/update-store-info/update-store-info.handler';
import { UpdateStoreSettingsHandler } from './commands/update-store-settings/update-store-settings.handler';
import { UploadFileHandler } from './commands/upload-file/upload-file.handler';
import { FilesController, SettingsController } from './settings.controller';

@Module({
  controllers: [SettingsController, FilesController],
  providers: [
    SetFeatureHandler,
    UpdateStoreInfoHandler,
    UpdateModulesHandler,
    UpdateSiteSettingsHandler,
    UpdateStoreSettingsHandler,
    UploadFileHandler,
  ],
})
export class SettingsModule {}
