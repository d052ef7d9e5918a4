import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    manifest: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The positioning library of menus and popovers gets a chunk of its own: left to the
          // automatic split, it shared one with small helpers that every page needs, and the
          // first load of /billetterie downloaded it for nothing (issue 14, JavaScript budget).
          groups: [
            { name: 'floating-ui', test: /node_modules[\\/]@floating-ui[\\/]/, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
});
