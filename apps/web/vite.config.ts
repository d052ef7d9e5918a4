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
    // One stylesheet, in import order (Mantine's first, then ours): split per chunk, the shell's
    // own styles came before Mantine's once the shell became a chunk of its own, and lost to them.
    // All the pages' own styles are 20 KB, 4 KB as brotli.
    cssCodeSplit: false,
    rolldownOptions: {
      // Chunks are ours alone (no library consumers): their export names need not be kept, which
      // lets small shared chunks be inlined into the chunks that use them (below).
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          // A phone on a slow network pays a round trip per file, 6 files at a time: left to
          // itself the split made 55 files for /billetterie (many under 1 KB) and an LCP of 8 s on
          // Slow 4G. Shared chunks under 12 KB of source are copied into the chunks that use them.
          experimentalInlineCommonChunks: { maxSize: 12 * 1024 },
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
