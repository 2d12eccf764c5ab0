// API keys: integration credentials with a permission set and a branch (Bearer pos_…).
// Other contexts import only from here.
export { ApiKeysModule } from './api-keys.module';
export { ApiKeysService } from './services/api-keys.service';
export { ApiKeyEntity } from './entities/api-key.entity';
