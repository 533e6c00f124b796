/**
 * The chips feature's public face: other features reach chips only through these (a lint rule
 * enforces it). The lifecycle decides and performs every change of a chip's state; the rest reads.
 * The chips table is exported for other features' read-only joins and the demo seed's check for
 * existing chips.
 */
export { chipPictureUrl, chips } from './chips.table.ts';
export {
  activateChip,
  canDispatchTo,
  canSellTo,
  canShipFor,
  canTransferFrom,
  delistForTransfer,
  deliverChip,
  dispatchChip,
  holdChip,
  holdChipWhilePaying,
  isChipPublic,
  isHeld,
  lockChipForChange,
  ownerIdOf,
  refuseBuy,
  refuseOffer,
  refuseDemoSale,
  type SaleContext,
  refuseShipToMe,
  refuseTransfer,
  refuseHandover,
  type Refusal,
  releaseChipHold,
  sellChip,
  setChipStatusByAdmin,
  undispatchChip,
  unsellChip,
  canUnsell,
  canReclaim,
  freezeChip,
  reclaimChip,
  unfreezeChip,
  shipChip,
  transferChip,
  type ChipViewer,
} from './chip-lifecycle.ts';
export { createChipRecord, recordChipEvent } from './chip-records.service.ts';
export {
  attachHandoverFeeOrder,
  awaitClaimPayment,
  cancelHandover,
  completeHandover,
  findClaimTarget,
  findHandover,
  findOwnLiveHandover,
  fulfilHandoverOrder,
  issueHandoverClaim,
  issueOwnerHandoverTap,
  staleTapClaimMessage,
  startHandover,
  toHandoverDto,
  type HandoverRow,
  type TapClaimOutcome,
  useHandoverClaim,
} from './handover-lifecycle.ts';
export {
  type ChipRef,
  findChipRef,
  isNfcUidOnOtherChip,
  listChipRefs,
  listChipRefsOfOrder,
  setChipNfcUid,
} from './chip-refs.repo.ts';
export {
  type ChipRow,
  countChipsAwaitingActivation,
  countChipsCreatedBy,
  countCreatorPublicChips,
  findChipById,
  findChipRow,
  listChipsOfUser,
  listLapsedHolds,
} from './chips.repo.ts';
export {
  addToChipWatchCount,
  chipMatchesSavedSearch,
  describeChipForNotice,
  listWatchedChipSummaries,
  canManageChip,
  currentTokenPriceUsd,
  getChipById,
  getChipDto,
  saleContext,
  toChipDto,
} from './chips.service.ts';
export { createAdminChip } from './admin-chip-create.service.ts';
export {
  cancelSendToVault,
  checkInVaultIntakeByTap,
  getVaultIntake,
  listVaultIntakes,
  markVaultIntakeReceived,
  refuseVaultIntakeByAdmin,
  sendToVault,
} from './vault-intake.service.ts';
export { findLiveIntake as findLiveVaultIntake } from './vault-intakes.repo.ts';
export {
  getAdminChip,
  listAdminChips,
  type ChipImageChanges,
  updateAdminChip,
} from './admin-chips.service.ts';
export {
  countListedChips,
  findChipBySlug,
  findChipByUnitId,
  findMaxChipId,
  findUserByUsername,
  listGalleryUsernames,
  listListedChipPaths,
  type ChipWithUsers,
} from './chips.repo.ts';
export {
  addChipImage,
  assertCanAddChipMedia,
  getChipByNfcUid,
  getChipBySlug,
  getChipByUnitId,
  listChipEvents,
  listFeaturedChips,
  listGallery,
  listMarketplace,
} from './chips.service.ts';
export { messageChipOwner, reportChipByOwner } from './lost-chips.service.ts';
export { resellArtchip, setArtchipAvailability, updateArtchipPricing } from './owner-moves.service.ts';
export { addChipPhoto, backfillPlacedDiscs } from './chip-photos.service.ts';
