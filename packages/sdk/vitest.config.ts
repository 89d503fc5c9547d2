import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['@reelbench/source'] },
  ssr: { resolve: { conditions: ['@reelbench/source'] } },
  test: {
    name: 'sdk',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
  },
});
