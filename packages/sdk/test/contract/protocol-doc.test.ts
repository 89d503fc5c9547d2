import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderProtocolDoc, UPDATE_COMMAND } from '../../scripts/protocol-doc.js';
import {
  HTTP_ROUTES,
  LEGACY_EVENTS,
  listHttpRoutes,
  listSocketActions,
  MESSAGES,
  SERVER_EVENT_NAMES,
  SERVER_EVENT_SCHEMAS,
} from '../../src/contract/index.js';

const DOC_PATH = fileURLToPath(new URL('../../../../docs/protocol.md', import.meta.url));

describe('docs/protocol.md', () => {
  const rendered = renderProtocolDoc();

  it('matches what the contract renders', async () => {
    if (process.env.UPDATE_PROTOCOL_DOC === '1') await writeFile(DOC_PATH, rendered);
    const committed = await readFile(DOC_PATH, 'utf8').catch(() => '');
    if (committed !== rendered) expect.fail(`docs/protocol.md is out of date: run ${UPDATE_COMMAND}`);
  });

  it('renders the same text every time', () => {
    expect(renderProtocolDoc()).toBe(rendered);
  });

  it('documents every socket action with its timeout', () => {
    for (const { event, spec } of listSocketActions()) {
      const section = rendered.split(`#### \`${event}\`\n`)[1]?.split('\n####')[0] ?? '';
      expect(section, event).toContain(`Timeout ${spec.timeoutMs / 1000} s.`);
    }
  });

  it('documents payload fields with their types', () => {
    const section = rendered.split('#### `shot:getAll`\n')[1]?.split('\n####')[0] ?? '';
    expect(section).toContain('| projectId | `uuid` | yes |');
    expect(section).toContain('| limit | `integer(1..2000)` | no | `500` |');
    expect(section).toContain('Reply: `ShotPage`.');
  });

  it('documents every server event, older event, route and message', () => {
    for (const event of SERVER_EVENT_NAMES) expect(rendered).toContain(`### \`${event}\``);
    for (const spec of Object.values(LEGACY_EVENTS)) {
      expect(rendered).toContain(`| \`${spec.request}\` | \`${spec.reply}\` | \`${spec.error}\` |`);
    }
    for (const group of Object.values(HTTP_ROUTES)) {
      for (const route of Object.values(group))
        expect(rendered).toContain(`| ${route.method} | \`${route.path}\` |`);
    }
    for (const message of Object.values(MESSAGES)) expect(rendered).toContain(message);
  });

  it('lists the fields of every named schema it refers to', () => {
    const referenced = new Set(
      [...rendered.matchAll(/`([A-Z][A-Za-z]+)(?:\[\])?`/g)].map((match) => match[1]),
    );
    expect(referenced.size).toBeGreaterThan(20);
    for (const name of referenced) expect(rendered, name).toContain(`### ${name}\n`);
  });
});

describe('JSON Schema of the contract', () => {
  const schemas: [string, z.ZodType][] = [
    ...listSocketActions().flatMap(({ event, spec }): [string, z.ZodType][] => [
      [`${event} payload`, spec.payload],
      [`${event} reply`, spec.reply],
    ]),
    ...SERVER_EVENT_NAMES.map((event): [string, z.ZodType] => [event, SERVER_EVENT_SCHEMAS[event]]),
    ...Object.values(LEGACY_EVENTS).flatMap((spec): [string, z.ZodType][] => [
      [`${spec.request} payload`, spec.payload],
      [`${spec.reply} data`, spec.data],
    ]),
    ...listHttpRoutes().flatMap(({ group, name, spec }) =>
      [spec.body, spec.query, spec.response].flatMap((schema): [string, z.ZodType][] =>
        schema ? [[`${group}.${name}`, schema]] : [],
      ),
    ),
  ];

  it.each(schemas)('%s converts with default options, as input and as output', (_name, schema) => {
    expect(() => z.toJSONSchema(schema)).not.toThrow();
    expect(() => z.toJSONSchema(schema, { io: 'input' })).not.toThrow();
  });
});
