import { Module } from '@nestjs/common';
import { FilesController, SettingsController } from './settings.controller';

@Module({ controllers: [SettingsController, FilesController] })
export class SettingsModule {}
