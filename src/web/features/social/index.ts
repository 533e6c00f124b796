/**
 * What other features may use from the social feature (issue 31): follow, watch, the bell, saving a
 * search and My Admin's Following tab. Its pages are in pages.ts, for the router.
 */
export { FollowButton } from './components/follow-button.tsx';
export { FollowingTab } from './components/following-tab.tsx';
export { SaveSearchButton } from './components/save-search-button.tsx';
export { WatchButton } from './components/watch-button.tsx';
