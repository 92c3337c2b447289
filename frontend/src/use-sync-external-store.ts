/**
 * What the package use-sync-external-store's shim gives on React 18 and later: React's own hook.
 * wouter and @preact/signals-react import the shim, written for React 17 as well; vite.config.ts
 * points them here, so its fallback is not in the first route.
 */
export { useSyncExternalStore } from 'react';
