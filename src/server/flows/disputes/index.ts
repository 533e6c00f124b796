/** The public face of flows/disputes (decision 076). */
export {
  applyDisputeSignal,
  clearLostDisputeFlag,
  getDisputeFile,
  listDisputeQueue,
  submitDisputeEvidence,
} from './disputes.service.ts';
