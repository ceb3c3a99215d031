/** What the staff domain uses from auth: users are auth's items, staff manages them. */
export {
  EMAIL_TAKEN,
  assertAvailable,
  createCognitoUser,
  deleteCognitoUser,
  duplicateFromCancellation,
  listUsers,
  normalizeEmail,
  userItems,
  type UserEntity,
} from '../auth/api';
