import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.ts';

export default defineConfig({
  root: 'frontend',
  plugins: [react(), tailwindcss(), precompress()],
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    // Brotli at its highest level takes seconds by design (once per build, never per request): no warning about it.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/media': 'http://127.0.0.1:3000' } },
});
