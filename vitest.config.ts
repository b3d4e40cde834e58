import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** Unit tests sit beside the code; the renderer's run in jsdom, everything else in node. */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'src/{shared,host,main,preload}/**/*.test.ts',
            'mock-server/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          testTimeout: 20_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/renderer/**/*.test.{ts,tsx}'],
          setupFiles: ['src/renderer/src/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
