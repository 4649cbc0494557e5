import { promises as fs } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// The server serves dist/ on the same origin as /api, so the dev server proxies /api and /custom.css.
const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:3000';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map|woff)$/;

/**
 * Writes name.br and name.gz beside every compressible file of the build, at the highest levels (done once,
 * served as they are by @fastify/static's `preCompressed`; decision 037). Files under 1 KiB stay as they are.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'schutzwerk-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await fs.readdir(outDir, { recursive: true })).filter((f) => COMPRESSIBLE.test(f));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const data = await fs.readFile(full);
          if (data.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gzip(data, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([fs.writeFile(`${full}.br`, br), fs.writeFile(`${full}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * The service worker (decision 067, workbox through vite-plugin-pwa): the app shell and every chunk of the build
 * are precached, so a page once loaded opens again without a network; navigations fall back to index.html.
 * Of the API only what the checklist viewer reads is kept (network first, the cached answer when offline):
 * the signed-in user, the checklist and its instance and protection. Logout empties that cache
 * (lib/service-worker.ts). The worker registers itself from main.tsx, not through the plugin's script.
 */
const API_VIEWER_READS =
  /\/api\/(auth\/user|checklists\/\d+|checklists\/\d+\/protection|checklists\/\d+\/instances\/\d+)$/;
function serviceWorker() {
  return VitePWA({
    injectRegister: false,
    registerType: 'autoUpdate',
    manifest: false,
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,ico,woff,woff2,json}'],
      maximumFileSizeToCacheInBytes: 6 * 1024 * 1024,
      navigateFallback: '/index.html',
      navigateFallbackDenylist: [/^\/api\//, /^\/custom\.css/],
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: true,
      runtimeCaching: [
        {
          // A RegExp (not a function: the config is serialised into the worker); GET only, same origin.
          urlPattern: API_VIEWER_READS,
          method: 'GET',
          handler: 'NetworkFirst',
          options: {
            cacheName: 'schutzwerk-viewer',
            cacheableResponse: { statuses: [200] },
            expiration: { maxEntries: 200 },
          },
        },
      ],
    },
  });
}

export default defineConfig({
  plugins: [react(), serviceWorker(), precompress()],
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
