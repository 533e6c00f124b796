/**
 * The auth feature's public face: other features reach it only through these (a lint rule
 * enforces it). Sessions, e-mail tokens and the admin log-in; accounts themselves belong to users.
 */
export { ensureAdmin } from './admin-auth.service.ts';
export { adminBootstrapStep } from './admin-bootstrap.ts';
export { listSessionsOf } from './auth.repo.ts';
export { SessionLookups } from './session-lookups.ts';
export {
  changePassword,
  createGuestClaimToken,
  createSetPasswordToken,
  mailAccountClaimLink,
} from './auth.service.ts';
export { SESSION_TTL_MS } from './auth.service.ts';
export { pruneLoginCodes } from './login-codes.service.ts';
export {
  clearSessionCookie,
  hasSessionCookie,
  hasSignedInMarker,
  readSessionCookie,
  setSessionCookie,
} from './session-cookies.ts';
export { loginAdmin } from './admin-auth.service.ts';
export { endSession } from './auth.service.ts';
export {
  checkEmail,
  forgotPassword,
  login,
  sendVerification,
  setPassword,
  signup,
  verifyEmail,
} from './auth.service.ts';
export { loginAdminWithCode } from './admin-auth.service.ts';
export { loginWithCode } from './auth.service.ts';
export { loginAdminWithSecondFactor } from './admin-auth.service.ts';
export { loginWithSecondFactor } from './auth.service.ts';
export { loginWithPasskey } from './auth.service.ts';
export { loginAdminWithPasskey } from './admin-auth.service.ts';
export {
  finishPasskeyRegistration,
  listPasskeys,
  removePasskey,
  renamePasskey,
  startPasskeyRegistration,
  startPasskeySignIn,
} from './passkeys.service.ts';
export { relyingParty } from './webauthn-party.ts';
export { totpSecretBoxFor } from './totp-secrets.ts';
export { totpSecretsBootstrapStep } from './admin-bootstrap.ts';
export {
  confirmTotpEnrolment,
  disableTotp,
  isAdminEnrolmentRequired,
  pruneTwoFactorChallenges,
  startTotpEnrolment,
  twoFactorStatus,
  verifySecondFactor,
} from './two-factor.service.ts';
export {
  confirmDestinationChange,
  createDestinationReportToken,
  redeemDestinationReportToken,
  type DestinationProof,
} from './destination-guard.ts';
