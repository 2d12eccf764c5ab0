// Cash: vaults (cash boxes and bank accounts) and their movements ledger. Other contexts move money
// in or out of a vault with `moveVault` inside their command's transaction and carry the vault's
// account id in their domain event so the accounting subscriber posts to it.
export { CashModule } from './cash.module';
export { VaultEntity, VaultMovementEntity, type VaultType } from './entities/vault.entities';
export {
  branchMainVault,
  createVaultAccount,
  dropUnusedBranchVaults,
  lockVault,
  moveVault,
  MAIN_VAULT_NAME,
  type LockedVault,
  type VaultMove,
} from './vault-ledger';
export { moneyLines } from './events/on-money-events.post-journal.handler';
export { paymentVaults } from './queries/payment-vaults';
