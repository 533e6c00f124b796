/** The disputes feature's public face (decision 076): other code reaches disputes only through these. */
export {
  canMove,
  disputeHoldKey,
  isOpen,
  lockDisputeByProviderId,
  markEvidenceSubmitted,
  moveDispute,
  openDisputeRow,
  toDisputeDto,
  type DisputeRow,
} from './dispute-lifecycle.ts';
export {
  findDispute,
  hasOpenDispute,
  listClosedDisputes,
  listDisputesOfOrder,
  listOpenDisputes,
} from './disputes.repo.ts';
