/**
 * The users feature's public face: other features reach accounts only through these (a lint rule
 * enforces it). The users table is exported for the demo seed's fixture rows; other features' repos
 * join users.table.ts directly for usernames (see eslint.config.js), and every write goes through
 * the functions here.
 */
export { users } from './users.table.ts';
export { usernameBaseFromEmail, usernameCandidate } from './usernames.ts';
export { countCustomers, type UserRow } from './users.repo.ts';
export {
  clearAccountDestinations,
  addToCreatorFollowerCount,
  createAccount,
  createAccountUnlessEmailTaken,
  createShippingAddress,
  findAccountByEmail,
  findAccountById,
  findAccountByUsername,
  findAccountsByIds,
  findOrCreateGuestUser,
  freezePayouts,
  flagForLostDispute,
  clearDisputeFlag,
  profilePaypalChange,
  unfreezePayouts,
  listShippingAddresses,
  lockAccount,
  updateAccount,
  updateCreatorProfile,
  userFromRow,
} from './users.service.ts';
export { deleteShippingAddress, getUser, updateProfile, updateShippingAddress } from './users.service.ts';
export { createAdminCustomer, updateAdminCustomer } from './customers.service.ts';
