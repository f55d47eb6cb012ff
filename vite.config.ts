import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    reportCompressedSize: false,
    manifest: true,
    rolldownOptions: {
      output: {
        // The code every screen needs lives in two stable chunks (better compression, long-term caching)
        // instead of being scattered across many tiny shared chunks; screens and icons stay split per route.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|sonner|cookie|set-cookie-parser|react-hook-form)[\\/]/,
            },
            {
              name: 'zod',
              test: /node_modules[\\/](zod|@hookform)[\\/]|src[\\/]shared[\\/]schemas[\\/]zod\.ts/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/uploads': 'http://localhost:3000' },
  },
});
