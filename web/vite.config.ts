// The web app: React, built by Vite into web/dist, served by `settle serve` at /.
// In development, `npx vite web` proxies /api to a server on 127.0.0.1:8787.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1500 },
  server: { proxy: { '/api': 'http://127.0.0.1:8787' }, fs: { allow: ['..'] } },
});
