/** The disputes feature's public face (decision 076): other code reaches disputes only through these. */
export {
  disputeHoldKey,
  isOpen,
  lockDisputeByProviderId,
  markEvidenceSubmitted,
  moveDispute,
  openDisputeRow,
  toDisputeDto,
  type DisputeRow,
} from './dispute-lifecycle.ts';
export { findDispute, hasOpenDispute, listOpenDisputes } from './disputes.repo.ts';
