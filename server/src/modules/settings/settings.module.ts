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
import { FilesController, SettingsController } from './settings.controller';
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
  providers: [{ provide: SettingsReader, useClass: SiteSettingsReader }],
  exports: [SettingsReader],
})
export class SettingsModule {}
