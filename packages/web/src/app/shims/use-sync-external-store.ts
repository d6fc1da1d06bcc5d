/*
 * `use-sync-external-store/shim` (react-i18next's and recharts' import) for React 19, which has the
 * hook built in: the shim's own fallback for React 17 and older would be dead weight in the entry
 * (vite.config.ts aliases the import here).
 */
export { useSyncExternalStore } from 'react';
