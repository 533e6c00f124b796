export {
  followCreator,
  listFollowedCreators,
  listWatchedChips,
  runNotificationDigests,
  runNotifications,
  unfollowCreator,
  unwatchChip,
  watchChip,
} from './social.service.ts';
