import { defineConfig } from 'vitest/config';

/**
 * The vitest project of a folder of tests/ suites: every *.test.ts below it, run one file at a time
 * in Node on the packages' TypeScript sources (the @reelbench/source export condition).
 */
export function testsProject(test: {
  name: string;
  exclude?: string[];
  testTimeout: number;
  hookTimeout: number;
}) {
  return defineConfig({
    resolve: { conditions: ['@reelbench/source'] },
    ssr: { resolve: { conditions: ['@reelbench/source'] } },
    test: { include: ['**/*.test.ts'], environment: 'node', fileParallelism: false, ...test },
  });
}
