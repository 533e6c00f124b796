/**
 * The cases feature's public face (buyer protection, decision 070): other code reaches cases only
 * through these.
 */
export {
  caseHoldKey,
  decideCaseRow,
  openCaseRow,
  refuseDecision,
  refuseOpenCase,
  toCaseDto,
} from './case-lifecycle.ts';
export { mailCaseStep } from './cases.mail.ts';
export { findCase, lockCase, readOrderCaseState } from './cases.repo.ts';
export {
  answerCase,
  closeCaseOfRefund,
  getAdminCase,
  getOrderCases,
  listAdminCases,
  listMyCases,
} from './cases.service.ts';
