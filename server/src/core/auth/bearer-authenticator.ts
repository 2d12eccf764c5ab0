import type { AuthUser } from './auth.types';

/**
 * Resolves an `Authorization: Bearer …` credential (an integration's API key) to the identity it
 * acts as, or null. Core's guard and socket gateway ask through this token; the api-keys context
 * provides it (core never imports a module).
 */
export abstract class BearerAuthenticator {
  abstract resolve(header: string | undefined): Promise<AuthUser | null>;
}
