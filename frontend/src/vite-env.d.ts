/// <reference types="vite/client" />

/** Each language's catalogs by part ('hi/start'), one file each (scripts/catalog-parts.ts). */
declare module 'virtual:catalogs' {
  export const parts: Record<string, () => Promise<{ messages: import('@lingui/core').Messages }>>;
}
