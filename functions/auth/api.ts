/**
 * What other domains may use from auth: staff management creates and removes users (the user
 * items, their uniqueness claims and the Cognito sign-in) the same way sign-up does. The only
 * auth module imported from outside functions/auth/ (jobs also seed through seed.ts) (functions/lib/boundaries.test.ts
 * enforces it).
 */
export { createCognitoUser, deleteCognitoUser } from './cognito';
export { tenantItems } from './tenant';
export {
  EMAIL_TAKEN,
  assertAvailable,
  duplicateFromCancellation,
  listUsers,
  normalizeEmail,
  userItems,
  type UserEntity,
} from './users';
export { unlockUsername } from './unlock';
export { backfillTenantDirectory, directoryPage, promoteToSuperadmin, tenantDirectoryEmpty } from './admin';
