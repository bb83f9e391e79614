import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export const aliases = {
  '@shared': fromRoot('./src/shared'),
  '@web': fromRoot('./src/web'),
  '@server': fromRoot('./src/server'),
  '@tests': fromRoot('./tests'),
};

// The browser app. The API server (src/server) serves dist/web in production and proxies nothing:
// in development Vite proxies /api to the API process started by `npm run dev`.
export default defineConfig({
  root: fromRoot('./src/web'),
  publicDir: fromRoot('./src/web/public'),
  plugins: [react(), tailwindcss()],
  resolve: { alias: aliases },
  build: {
    outDir: fromRoot('./dist/web'),
    emptyOutDir: true,
    sourcemap: true,
    // The manifest lets scripts/report-bundle.mjs measure what each page loads first.
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`, changeOrigin: false },
      '/dev': { target: `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`, changeOrigin: false },
    },
  },
});
