/**
 * What other features may use from the e-mail list feature; the rest of this folder is private to it
 * (eslint: web feature boundaries). Its pages are in pages.ts, for the router.
 */
export { EmailSignupBlock } from './components/email-signup-block.tsx';
