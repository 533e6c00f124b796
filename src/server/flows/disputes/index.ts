/** The public face of flows/disputes (decision 076). */
export {
  applyDisputeSignal,
  clearLostDisputeFlag,
  getDisputeFile,
  listDisputeQueue,
  submitDisputeEvidence,
  type DisputeSignal,
} from './disputes.service.ts';
