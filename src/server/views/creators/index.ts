export { getCreatorProfile, toCreatorProfile } from './creators.service.ts';
