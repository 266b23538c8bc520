import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// The API of `npm run dev` listens on PORT (default 3000); the web app proxies its calls there.
const apiTarget = `http://localhost:${process.env.PORT ?? 3000}`;

export default defineConfig({
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    // antd alone is ~1.1 MB minified (with the upload, tabs, drawer and image of the file picker); vendors in their
    // own long-cached chunks keep app deploys small.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The password estimator's dictionary (packages/domain 'password-policy'): its own chunk, loaded only
            // when a password is being chosen.
            { name: 'password-policy', test: /node_modules[\\/]@zxcvbn-ts[\\/]/, priority: 4 },
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|react-router-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[^\\/]+|dayjs)[\\/]/, priority: 2 },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/trpc': { target: apiTarget, changeOrigin: true },
    },
  },
  preview: { port: 4173 },
});
