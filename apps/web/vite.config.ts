import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The server serves dist/ on the same origin as /api, so the dev server proxies /api and /custom.css.
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/custom.css': { target: apiTarget, changeOrigin: true },
    },
  },
});
