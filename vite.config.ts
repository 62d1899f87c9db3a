import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: {
    // The bundle benchmark reads the manifest to tell what the home route loads at start.
    manifest: true,
    target: 'es2022',
  },
  preview: { port: 4173, strictPort: true },
  server: { port: 5173 },
});
