export { getMyAttention } from './attention.service.ts';
