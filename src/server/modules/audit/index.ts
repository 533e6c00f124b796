/**
 * The audit feature's public face: other features reach it only through these (a lint rule
 * enforces it). Every admin change records its before and after through recordAudit.
 */
export { recordAudit } from './audit.service.ts';
export { listAuditLog } from './audit.service.ts';
