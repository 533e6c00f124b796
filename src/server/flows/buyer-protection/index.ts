/** The public face of flows/buyer-protection (decision 070). */
export { decideCase, openCase, type CasePhotos } from './buyer-protection.service.ts';
