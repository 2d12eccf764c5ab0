import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { VaultEntity, VaultMovementEntity } from './entities/vault.entities';

@Module({
  imports: [TypeOrmModule.forFeature([VaultEntity, VaultMovementEntity])],
  controllers: [],
  providers: [],
})
export class CashModule {}
