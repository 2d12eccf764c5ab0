// Branches: the shop's branches with their receipt and ETA data (a resource of the kit).
// Other contexts import only from here.
export { BranchesModule } from './branches.module';
export { BranchEntity } from './entities/branch.entity';
export { setBranchEReceipts } from './branch-settings';
export { nextBranchCode, provisionBranch } from './default-inventory';
