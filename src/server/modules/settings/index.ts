/**
 * The settings feature's public face: other features reach it only through these (a lint rule
 * enforces it).
 */
export { getSiteSettings } from './settings.service.ts';
export { getLegalPage, getSiteInfo, updateLegalPage, updateSiteSettings } from './settings.service.ts';
