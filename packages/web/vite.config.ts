import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const server = process.env.REELBENCH_SERVER ?? 'http://127.0.0.1:3002';

export default defineConfig({
  plugins: [react()],
  resolve: { conditions: ['@reelbench/source'] },
  build: {
    outDir: 'dist/app',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry imports statically is one chunk (not the entry and a handful of small
            // shared chunks): fewer requests and one gzip stream for the code every page needs.
            { name: 'app', tags: ['$initial'] },
            // The icons two or more pages draw are one chunk, not one tiny chunk per icon.
            { name: 'icons', test: /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/, minShareCount: 2 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: server, changeOrigin: true },
      '/socket.io': { target: server, ws: true, changeOrigin: true },
    },
  },
});
