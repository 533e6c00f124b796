/** The /my-artchip dashboard's reads: the user's chips and mints, and their figures. */
export { getMyStats, listMyArtchips } from './my-artchips.service.ts';
