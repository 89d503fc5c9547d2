import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { withoutZodJsonSchema } from '../vite.config.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const zodCore = path.join(
  path.dirname(createRequire(import.meta.url).resolve('zod/package.json')),
  'v4/core',
);
const STUBBED = ['json-schema-processors.js', 'to-json-schema.js'];

function load(file: string): string {
  const plugin = withoutZodJsonSchema();
  const hook = plugin.load as (id: string) => string | null;
  const code = hook.call({}, path.join(zodCore, file));
  if (code === null) throw new Error(`${file} was not replaced`);
  return code;
}

/** Every source file under `dir` (TypeScript and TSX). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

describe('the web build without Zod’s JSON Schema generator', () => {
  it('replaces the two modules with ones that export every name the real ones do', async () => {
    for (const file of STUBBED) {
      const real = await import(path.join(zodCore, file));
      const stub = load(file);
      for (const name of Object.keys(real))
        expect(stub, `${file} exports ${name}`).toContain(`export const ${name} =`);
    }
  });

  it('leaves every other module alone', () => {
    const hook = withoutZodJsonSchema().load as (id: string) => string | null;
    expect(hook.call({}, path.join(zodCore, 'schemas.js'))).toBeNull();
    expect(hook.call({}, path.join(here, '../src/main.tsx'))).toBeNull();
  });

  it('says so if anything asks for a JSON Schema', async () => {
    const code = load('to-json-schema.js');
    const module = await import(`data:text/javascript,${encodeURIComponent(code)}`);
    const method = module.createToJSONSchemaMethod({}, {});
    expect(() => method({})).toThrow('JSON Schema generation is not part of the web build');
  });

  it('is safe because neither the web nor the SDK it bundles asks a schema for a JSON Schema', () => {
    const files = [...sources(path.join(here, '../src')), ...sources(path.join(here, '../../sdk/src'))];
    expect(files.length).toBeGreaterThan(100);
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      expect(text, file).not.toMatch(/toJSONSchema|\.jsonSchema\b|~standard/);
    }
  });
});
