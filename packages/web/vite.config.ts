import { readFileSync } from 'node:fs';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Zod 4's classic API links its JSON Schema generator into every schema (a `toJSONSchema()` method
 * and the Standard Schema `jsonSchema` hooks), about 18 KB of code the workbench never runs: it
 * validates with the contract's schemas and never asks one for a JSON Schema. In the web build those
 * two modules are replaced by ones with the same exports that say so if anything ever calls them
 * (test/zod-json-schema-stub.test.ts holds the web to that).
 */
export function withoutZodJsonSchema(): Plugin {
  const stubbed = /[\\/]zod[\\/]v4[\\/]core[\\/](json-schema-processors|to-json-schema)\.js$/;
  return {
    name: 'reelbench:without-zod-json-schema',
    enforce: 'pre',
    apply: 'build',
    load(id) {
      if (!stubbed.test(id)) return null;
      const source = readFileSync(id, 'utf8');
      const names = new Set<string>();
      for (const match of source.matchAll(/^export (?:const|function|let|class) ([A-Za-z_$][\w$]*)/gm)) {
        if (match[1]) names.add(match[1]);
      }
      for (const match of source.matchAll(/^export \{([^}]*)\}/gm)) {
        for (const part of (match[1] ?? '').split(',')) {
          const name = part
            .split(/\s+as\s+/)
            .pop()
            ?.trim();
          if (name) names.add(name);
        }
      }
      const lines = [
        "const refuse = () => { throw new Error('JSON Schema generation is not part of the web build'); };",
        'const unavailable = () => refuse;',
        ...[...names].map((name) => `export const ${name} = unavailable;`),
      ];
      return lines.join('\n');
    },
  };
}

const server = process.env.REELBENCH_SERVER ?? 'http://127.0.0.1:3002';

export default defineConfig({
  plugins: [react(), withoutZodJsonSchema()],
  resolve: { conditions: ['@reelbench/source'] },
  build: {
    outDir: 'dist/app',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry imports statically is one chunk (not the entry and a handful of small
            // shared chunks): fewer requests and one gzip stream for the code every page needs.
            { name: 'app', tags: ['$initial'] },
            // The icons two or more pages draw are one chunk, not one tiny chunk per icon.
            { name: 'icons', test: /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/, minShareCount: 2 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: server, changeOrigin: true },
      '/socket.io': { target: server, ws: true, changeOrigin: true },
    },
  },
});
