/**
 * The seed feature's public face: the start-up step that loads the demo catalogue.
 */
export { demoSeedStep } from './seed.service.ts';
export { getDemoCatalogue, removeDemoCatalogue } from './demo-catalogue.service.ts';
