// Identity: users, roles, sessions and sign-in.
// Other contexts import only from here.
export { IdentityModule } from './identity.module';
export { UserEntity } from './entities/user.entity';
export { RoleEntity } from './entities/role.entity';
export { hashPassword } from './services/sign-in.service';
