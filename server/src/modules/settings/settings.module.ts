import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SettingsReader } from '../../core/auth/settings.reader';
import {
  DisplayImageEntity,
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
import { DisplayImagesController } from './controllers/display-images.controller';
import { AddDisplayImageHandler } from './commands/add-display-image/add-display-image.handler';
import { OrderDisplayImagesHandler } from './commands/order-display-images/order-display-images.handler';
import { RemoveDisplayImageHandler } from './commands/remove-display-image/remove-display-image.handler';
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
      DisplayImageEntity,
    ]),
  ],
  controllers: [SettingsController, FilesController, DisplayImagesController],
  providers: [
    { provide: SettingsReader, useClass: SiteSettingsReader },
    SetFeatureHandler,
    UpdateStoreInfoHandler,
    UpdateModulesHandler,
    UpdateSiteSettingsHandler,
    UpdateStoreSettingsHandler,
    UploadFileHandler,
    AddDisplayImageHandler,
    OrderDisplayImagesHandler,
    RemoveDisplayImageHandler,
  ],
  exports: [SettingsReader],
})
export class SettingsModule {}
