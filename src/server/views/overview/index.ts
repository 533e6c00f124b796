export { getAdminStats } from './overview.service.ts';
