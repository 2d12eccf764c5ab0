import { AuditLogEntity } from '../audit/audit-log.entity';
import { OutboxEntity } from '../outbox/outbox.entity';
import { BranchEntity } from '../../modules/branches/entities/branch.entity';
import { RoleEntity } from '../../modules/identity/entities/role.entity';
import { LoginFailureEntity, SessionEntity } from '../../modules/identity/entities/session.entity';
import { UserEntity } from '../../modules/identity/entities/user.entity';
import {
  AppSecretEntity,
  FeatureEntity,
  FileEntity,
  SiteSettingsEntity,
  StoreInfoEntity,
  StoreSettingsEntity,
} from '../../modules/settings/entities/settings.entities';

import {
  CategoryEntity,
  ProductEntity,
  PropertyTypeEntity,
  VariantBarcodeEntity,
  VariantEntity,
} from '../../modules/catalog/entities/catalog.entities';
import {
  InventoryEntity,
  StockLevelEntity,
  StockMovementEntity,
} from '../../modules/inventory/entities/inventory.entities';

import {
  CustomerEntity,
  CustomerLedgerEntity,
  DocumentSequenceEntity,
  PaymentMethodEntity,
  SaleInvoiceEntity,
  SaleLineEntity,
  SalePaymentEntity,
  SaleReturnEntity,
  SaleReturnLineEntity,
  ShiftEntity,
} from '../../modules/sales/entities/sales.entities';

import {
  TransferRequestEntity,
  TransferRequestEventEntity,
  TransferRequestLineEntity,
} from '../../modules/transfers/entities/transfer.entities';
import {
  StockTakingCountEntity,
  StockTakingEntity,
  StockTakingLineEntity,
} from '../../modules/stocktaking/entities/stocktaking.entities';

import { ApiKeyEntity } from '../../modules/api-keys/api-key.entity';

/** Every TypeORM entity; later contexts add theirs here. */
export const ENTITIES = [
  AuditLogEntity,
  OutboxEntity,
  BranchEntity,
  RoleEntity,
  UserEntity,
  SessionEntity,
  LoginFailureEntity,
  FeatureEntity,
  StoreInfoEntity,
  SiteSettingsEntity,
  StoreSettingsEntity,
  AppSecretEntity,
  FileEntity,
  CategoryEntity,
  PropertyTypeEntity,
  ProductEntity,
  VariantEntity,
  VariantBarcodeEntity,
  InventoryEntity,
  StockLevelEntity,
  StockMovementEntity,
  PaymentMethodEntity,
  DocumentSequenceEntity,
  ShiftEntity,
  CustomerEntity,
  CustomerLedgerEntity,
  SaleInvoiceEntity,
  SaleLineEntity,
  SalePaymentEntity,
  SaleReturnEntity,
  SaleReturnLineEntity,
  TransferRequestEntity,
  TransferRequestLineEntity,
  TransferRequestEventEntity,
  StockTakingEntity,
  StockTakingLineEntity,
  StockTakingCountEntity,
  ApiKeyEntity,
];
