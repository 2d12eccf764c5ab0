// Branches: the shop's branches with their receipt and ETA data.
// Other contexts import only from here.
export { BranchesModule } from './branches.module';
export { BranchEntity } from './entities/branch.entity';
export { canSeeAllBranches } from './branches.service';
