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
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: server, changeOrigin: true },
      '/socket.io': { target: server, ws: true, changeOrigin: true },
    },
  },
});
