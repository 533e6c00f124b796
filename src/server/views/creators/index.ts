export { getCreatorProfile, updateCreatorProfile } from './creators.service.ts';
