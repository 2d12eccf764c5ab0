// Settings: feature flags, store info, site settings and public configuration, uploaded files.
// Other contexts import only from here.
export { SettingsModule } from './settings.module';
export * from './entities/settings.entities';
export { readStoreSettings, readStoreTimeZone } from './settings.reader';
export {
  ensureStoreSettings,
  lockStoreSettings,
  setBooksClosedUntil,
} from './store-settings.writer';
export {
  SiteSettingsEntity,
  StoreInfoEntity,
  StoreSettingsEntity,
} from './entities/settings.entities';
export { deviceReceiptData } from './queries/receipt-data.queries';
export { AddDisplayImageCommand } from './commands/add-display-image/add-display-image.command';
export { AddDisplayImageHandler } from './commands/add-display-image/add-display-image.handler';
