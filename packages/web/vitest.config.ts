import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@reelbench/source'] },
  ssr: { resolve: { conditions: ['@reelbench/source'] } },
  test: { name: 'web', include: ['test/**/*.test.ts'], environment: 'node' },
});
