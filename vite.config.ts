import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export const aliases = {
  '@shared': fromRoot('./src/shared'),
  '@web': fromRoot('./src/web'),
  '@server': fromRoot('./src/server'),
  '@tests': fromRoot('./tests'),
};

/**
 * The stylesheet first in the head. Vite writes it after the entry script and its modulepreloads;
 * over HTTP/1.1 the browser's six connections then fetch some thirty script chunks before the one
 * file the first paint waits for, which matters once a page's HTML has content (decision 0015).
 */
function stylesheetFirst(): Plugin {
  return {
    name: 'vitae:stylesheet-first',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = html.match(/^[ \t]*<link rel="stylesheet"[^>]*>\n/gm) ?? [];
        const firstScript = html.search(/^[ \t]*<script type="module"/m);
        if (links.length === 0 || firstScript < 0) return html;
        const rest = links.reduce((text, link) => text.replace(link, ''), html);
        const at = rest.search(/^[ \t]*<script type="module"/m);
        return `${rest.slice(0, at)}${links.join('')}${rest.slice(at)}`;
      },
    },
  };
}

// The browser app. The API server (src/server) serves dist/web in production and proxies nothing:
// in development Vite proxies /api to the API process started by `npm run dev`.
export default defineConfig(({ command }) => ({
  root: fromRoot('./src/web'),
  publicDir: fromRoot('./src/web/public'),
  plugins: [react(), tailwindcss(), stylesheetFirst()],
  resolve: {
    alias: [
      ...Object.entries(aliases).map(([find, replacement]) => ({ find, replacement })),
      // React Router's package exports its development build to bundlers (warnings included); the
      // production build is the same code without them.
      ...(command === 'build' ? [{ find: /^react-router$/, replacement: fromRoot('./node_modules/react-router/dist/production/index.mjs') }] : []),
    ],
  },
  build: {
    outDir: fromRoot('./dist/web'),
    emptyOutDir: true,
    sourcemap: true,
    // The manifest lets scripts/report-bundle.mjs measure what each page loads first.
    manifest: true,
    rollupOptions: {
      // The app, and the one script of the server-rendered landing page (src/server/render/landing-page.tsx).
      input: {
        index: fromRoot('./src/web/index.html'),
        'landing-island': fromRoot('./src/web/features/marketing/landing-island.ts'),
      },
      output: {
        // Left to itself the bundler puts the toast library, shared by many lazy pages, into the
        // app's entry; on its own it loads with the first page that raises a toast. Icons go to one
        // chunk: split by use, each was a file of its own, about 20 requests on the dashboard alone.
        // It also made a file of every module the entry shares with a lazy page, and of every module
        // two lazy pages share: about fifty files for the dashboard's first load, eight or nine round
        // trips over HTTP/1.1's six connections before the page could run (decision 0015). So:
        // - `app`: everything the entry loads statically, but the few modules the landing page's
        //   island (its own entry) shares with it, which stay small files of their own;
        // - `member`: the member layout, the dashboard and the inactivity watcher with all they need
        //   beyond `app`, dialogs, tooltips and the toaster included. Admin pages that use one of
        //   those load this file too (about 50 KiB gzip), the price of four files instead of fifty.
        codeSplitting: {
          groups: [
            { name: 'sonner', test: /node_modules[\\/]sonner[\\/]/, includeDependenciesRecursively: false },
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, includeDependenciesRecursively: false },
            {
              name: 'app',
              tags: ['$initial'],
              test: (id) => !/src[\\/]web[\\/](main\.tsx|index\.html)|landing-island|auth-redirect|scheduling-embed|load-script/.test(id),
              includeDependenciesRecursively: false,
              priority: -1,
            },
            { name: 'member', test: /app[\\/]layouts[\\/]member-layout|features[\\/]dashboard[\\/]pages[\\/]dashboard-page|inactivity-watcher/, priority: -2 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`, changeOrigin: false },
      '/dev': { target: `http://127.0.0.1:${process.env.API_PORT ?? '3001'}`, changeOrigin: false },
    },
  },
}));
