import { Module } from '@nestjs/common';
import { resourceModule } from '../../core/resource';
import { branches } from './branches.resource';

@Module(resourceModule(branches))
export class BranchesModule {}
