import { z } from 'zod';
import * as contract from '../src/contract/index.js';

const {
  ACK_TIMEOUT_MS,
  CIRCUIT_BREAKER,
  ERROR_CODES,
  ERROR_STATUS,
  formatMessage,
  formatToast,
  HTTP_RETRY_DELAYS_MS,
  HTTP_TIMEOUT_MS,
  LEGACY_EVENTS,
  listHttpRoutes,
  listSocketActions,
  MESSAGES,
  SERVER_EVENT_SCHEMAS,
  SERVER_EVENTS,
  CONNECTION_EVENT_SCHEMAS,
  CONNECTION_EVENTS,
  SOCKET_DEFAULT_TIMEOUT_MS,
  SOCKET_OPTIONS,
  TOASTS,
  VIDEO_DEDUPE_HOLD_MS,
} = contract;

export const UPDATE_COMMAND = 'UPDATE_PROTOCOL_DOC=1 npx vitest run --project sdk protocol-doc';

/** Shared schemas get a name in the reference instead of being spelled out at every use. */
const NAMED_SCHEMAS: [name: string, schema: z.ZodType, description?: string][] = [
  [
    'Timestamp',
    contract.timestampSchema,
    'ISO 8601 date-time with an offset, e.g. 2025-03-01T10:00:00.000Z.',
  ],
  ['ImageKey', contract.imageKeySchema, '`variant`, `variant-rotation` or `variant-view`, lower case.'],
  ['VariantName', contract.variantNameSchema, 'Lower-case letters, digits and `_`; never `-`.'],
  ['Rotation', contract.rotationSchema],
  ['View', contract.viewSchema],
  ['ImageData', contract.imageDataSchema, 'An image data URL (base64), an https URL or a storage key.'],
  ['GenerationStatus', contract.generationStatusSchema],
  ['JobStatus', contract.jobStatusSchema],
  ['FramingType', contract.framingTypeSchema],
  ['AssetType', contract.assetTypeSchema],
  ['ScriptFormat', contract.scriptFormatSchema],
  ['ErrorCode', contract.errorCodeSchema],
  ['User', contract.userSchema],
  ['AuthResponse', contract.authResponseSchema],
  ['Scene', contract.sceneSchema],
  ['ProjectSettings', contract.projectSettingsSchema],
  [
    'ProjectSettingsInput',
    contract.projectSettingsFieldSchema,
    'A `ProjectSettings` object, or the same as a JSON string.',
  ],
  ['Project', contract.projectSchema],
  ['ProjectListEntry', contract.projectListEntrySchema],
  ['ProjectCreate', contract.projectCreateSchema],
  ['ProjectUpdates', contract.projectUpdatesSchema],
  ['Series', contract.seriesSchema],
  ['SeriesCreate', contract.seriesCreateSchema],
  ['SeriesUpdates', contract.seriesUpdatesSchema],
  ['ShotAssetPlacement', contract.shotAssetPlacementSchema],
  ['ShotAssetPlacementUpdates', contract.shotAssetPlacementUpdatesSchema],
  ['Shot', contract.shotSchema],
  ['ShotUpsert', contract.shotUpsertSchema],
  ['ShotUpdates', contract.shotUpdatesSchema],
  ['ShotPage', contract.shotPageSchema],
  ['CoverageVariant', contract.coverageVariantSchema],
  ['CoverageVariantUpdates', contract.coverageVariantUpdatesSchema],
  ['AssetImageEntry', contract.assetImageEntrySchema],
  ['AssetConfig', contract.assetConfigSchema],
  ['AssetConfigInput', contract.assetConfigInputSchema],
  ['Asset', contract.assetSchema],
  ['StreamlinedAsset', contract.streamlinedAssetSchema],
  ['AssetCreate', contract.assetCreateSchema],
  ['AssetUpdates', contract.assetUpdatesSchema],
  ['Script', contract.scriptSchema],
  ['ScriptAnalysis', contract.scriptAnalysisSchema],
  ['ScriptValidation', contract.scriptValidationSchema],
  ['ScriptFormatHelp', contract.scriptFormatHelpSchema],
  ['UploadResult', contract.uploadResultSchema],
  ['StoredFile', contract.storedFileSchema],
  ['StyleGuide', contract.styleGuideSchema],
  ['FirstPassRequest', contract.firstPassRequestSchema],
  ['FirstPassShot', contract.firstPassShotSchema, 'Needs endTime or duration; endTime after startTime.'],
  ['FirstPassScene', contract.firstPassSceneSchema],
  ['MissingAsset', contract.missingAssetSchema],
  ['FirstPassResponse', contract.firstPassResponseSchema],
  ['Job', contract.jobSchema],
  ['JobCounts', contract.jobCountsSchema],
  ['ProjectSave', contract.projectSaveSchema],
  ['ProjectSaveResult', contract.projectSaveResultSchema],
  ['EdlEvent', contract.edlEventSchema],
  ['Edl', contract.edlSchema],
  ['EdlSummary', contract.edlSummarySchema],
  ['ReviewLink', contract.reviewLinkSchema],
  ['ReviewView', contract.reviewViewSchema],
  ['DeletedReply', contract.deletedReplySchema],
  ['SubscriptionReply', contract.subscriptionReplySchema],
  ['ShotGenerationReply', contract.shotGenerationReplySchema],
  ['JobAcceptedReply', contract.jobAcceptedReplySchema],
  ['AssetImageGenerationReply', contract.assetImageGenerationReplySchema],
  ['QualityGenerationReply', contract.qualityGenerationReplySchema],
  ['ShotOrderReply', contract.shotOrderReplySchema],
  ['ShotAssetsReply', contract.shotAssetsReplySchema],
  ['JobListReply', contract.jobListReplySchema],
];

interface JsonSchema {
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  type?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  description?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
}

const registry = z.registry<{ id: string; description?: string }>();
for (const [id, schema, description] of NAMED_SCHEMAS) {
  registry.add(schema, description ? { id, description } : { id });
}

/** Every named definition met while rendering, so the reference can list them. */
const definitions = new Map<string, JsonSchema>();

function toJson(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, {
    metadata: registry,
    io: 'input',
    // Descriptions given with .describe() live in the global registry, which a custom registry hides.
    override: (ctx) => {
      const description = z.globalRegistry.get(ctx.zodSchema)?.description;
      if (description && !ctx.jsonSchema.description) ctx.jsonSchema.description = description;
    },
  }) as JsonSchema;
  for (const [name, def] of Object.entries(json.$defs ?? {})) definitions.set(name, def);
  return json;
}

function refName(ref: string): string {
  const name = ref.slice(ref.lastIndexOf('/') + 1);
  return name.startsWith('__schema') ? 'JSON' : name;
}

/** zod marks every integer with the safe-integer bounds; those say nothing to a reader. */
function bound(value: number | undefined): number | undefined {
  return value !== undefined && Math.abs(value) >= Number.MAX_SAFE_INTEGER ? undefined : value;
}

function range(lowest: number | undefined, highest: number | undefined, exclusiveLow?: number): string {
  const low = bound(lowest);
  const high = bound(highest);
  const from = exclusiveLow === undefined ? low : `>${exclusiveLow}`;
  if (from === undefined && high === undefined) return '';
  if (high === undefined) return typeof from === 'number' ? `(≥${from})` : `(${from})`;
  return `(${from ?? ''}..${high})`;
}

function renderType(json: JsonSchema): string {
  if (json.$ref) return refName(json.$ref);
  if (json.anyOf) return [...new Set(json.anyOf.map(renderType))].join(' | ');
  if (json.const !== undefined) return JSON.stringify(json.const);
  if (json.enum) return json.enum.map((value) => JSON.stringify(value)).join(' | ');
  switch (json.type) {
    case 'string':
      if (json.format === 'uuid') return 'uuid';
      if (json.format === 'email') return `email${range(undefined, json.maxLength)}`;
      if (json.format === 'date-time') return 'datetime';
      return `string${range(json.minLength, json.maxLength)}`;
    case 'number':
    case 'integer':
      return `${json.type}${range(json.minimum, json.maximum, json.exclusiveMinimum)}`;
    case 'boolean':
    case 'null':
      return json.type;
    case 'array': {
      const item = json.items ? renderType(json.items) : 'unknown';
      return `${item.includes(' | ') ? `(${item})` : item}[]${range(json.minItems, json.maxItems)}`;
    }
    case 'object':
      return renderObjectType(json);
    default:
      return 'unknown';
  }
}

function renderObjectType(json: JsonSchema): string {
  if (!json.properties) {
    const value =
      typeof json.additionalProperties === 'object' ? renderType(json.additionalProperties) : 'unknown';
    const key = json.propertyNames?.$ref ? refName(json.propertyNames.$ref) : 'string';
    return `Record<${key}, ${value}>`;
  }
  const required = new Set(json.required ?? []);
  const fields = Object.entries(json.properties).map(
    ([name, field]) => `${name}${required.has(name) ? '' : '?'}: ${renderType(field)}`,
  );
  return fields.length === 0 ? '{}' : `{ ${fields.join('; ')} }`;
}

function resolve(json: JsonSchema): JsonSchema {
  return json.$ref ? (definitions.get(refName(json.$ref)) ?? json) : json;
}

function code(text: string): string {
  return `\`${text}\``;
}

/** A code span inside a table cell, where a bare | would end the cell. */
function cell(text: string): string {
  return code(text.replaceAll('|', '\\|'));
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

function fieldTable(json: JsonSchema): string[] {
  const object = resolve(json);
  const note = object.description ? [object.description, ''] : [];
  const properties = Object.entries(object.properties ?? {});
  if (properties.length === 0) return [...note, 'No fields.'];
  const required = new Set(object.required ?? []);
  return [
    ...note,
    '| Field | Type | Required | Default |',
    '|---|---|---|---|',
    ...properties.map(
      ([name, field]) =>
        `| ${name} | ${cell(renderType(field))} | ${required.has(name) ? 'yes' : 'no'} | ${
          field.default === undefined ? '' : cell(JSON.stringify(field.default))
        } |`,
    ),
  ];
}

function intro(): string[] {
  return [
    '# Reelbench protocol reference',
    '',
    `> Generated from \`packages/sdk/src/contract\` by \`packages/sdk/scripts/protocol-doc.ts\`. Do not edit by hand: change the contract, then run \`${UPDATE_COMMAND}\`.`,
    '',
    'Everything below is declared once in `@reelbench/sdk/contract` (zod schemas and their TypeScript types): the server validates with it, the SDK takes its types and timeouts from it, and the web and CLI use the SDK. Field names are those of the product spec (snake_case where the product has it).',
    '',
    '## How it works',
    '',
    "**Transports.** JSON over HTTP under `/api`, and socket.io (path `/socket.io`) on the same origin. Both carry the bearer token: HTTP as `Authorization: Bearer <token>`, the socket in the handshake as `auth: { token }`. A socket without a valid token may connect, but every action answers `AUTH_ERROR` ('Authentication required').",
    '',
    "**The envelope.** A request is one event named `domain:action` (e.g. `shot:generate`) carrying `{ requestId, payload }`; the client picks the requestId (a UUID; 1 to 128 characters). The server validates the payload with the action's schema and answers that socket only, on `domain:response` with `{ requestId, success: true, data }` or on `domain:error` with `{ requestId, success: false, error, code, statusCode, details?, correlationId? }`. Replies are matched by requestId alone, so one listener per domain serves every pending request. The client gives up after the action's timeout with 'Request timeout: {domain}:{action}'.",
    '',
    "**The older form.** Older clients emit the named events listed under Older named events with a bare payload. Several of those names (`project:getAll`, `script:analyze`, `series:create`, …) are also new-style actions; the server tells them apart by the message itself: an object with a string `requestId` is the envelope form, anything else (including a message without requestId) is the older form. The older form is answered on its reply event (e.g. `project:fetched`) with the same data the new-style action returns, or on its group's error event with `{ error, code, statusCode?, details? }`. The older replies `project:created`, `project:updated` and `project:deleted` share their names with the room events of a different shape, so an older client that is subscribed sees both.",
    '',
    "**Rooms and ownership.** Every project, with its shots, assets, scripts and jobs, belongs to one user. `project:subscribe` checks ownership and joins the socket to the room `project:<projectId>`; a project's events go to that room only, and user-wide events to `user:<userId>`. Every action and route checks ownership: another user's project answers NOT_FOUND_ERROR ('Project not found'), never its data. A review link gives read-only access to one project through an unguessable token that the owner can revoke.",
    '',
    '**Generation and jobs.** Single-target generation (`shot:generate`, `generate-seedream`, `generate-video`, `edit`, `generate-with-quality`, `generate-coverage`, `unified-asset:generateImage`) answers when the work is done, together with its job id. Batch generation (`shot:generate-batch`, `generate-video-batch`) answers as soon as the job is queued, with `{ job, counts }`. Meanwhile progress arrives as events that carry the jobId and a status. Generation takes explicit shot ids; batches may instead say `staleOnly: true`. Jobs are cancelled by id (`jobs:cancel`); a cancelled job emits `job:error` with status `cancelled` and nothing after it. A client that reconnects asks `jobs:list` for the current state instead of trusting events it may have missed.',
    '',
    "**Errors.** Every failure is a catalogue error with a code, an HTTP status and a message (see Errors). A failed HTTP call answers with the error body `{ success: false, error, code, statusCode, details?, correlationId? }`; VALIDATION_ERROR lists the field problems in details; a SERVER_ERROR says only 'Server error. Please try again later.' and gives a correlationId to quote.",
    '',
  ];
}

function connection(): string[] {
  return [
    '## Connection',
    '',
    '| Setting | Value |',
    '|---|---|',
    `| Transports | ${SOCKET_OPTIONS.transports.join(', then ')} |`,
    `| Reconnection attempts | ${SOCKET_OPTIONS.reconnectionAttempts} |`,
    `| Reconnection delay | ${seconds(SOCKET_OPTIONS.reconnectionDelayMs)}, at most ${seconds(SOCKET_OPTIONS.reconnectionDelayMaxMs)} |`,
    `| Connect timeout | ${seconds(SOCKET_OPTIONS.connectTimeoutMs)} |`,
    `| Ping interval | ${seconds(SOCKET_OPTIONS.pingIntervalMs)} |`,
    `| Default action timeout | ${seconds(SOCKET_DEFAULT_TIMEOUT_MS)} |`,
    `| Acknowledgement helper timeout | ${seconds(ACK_TIMEOUT_MS)} |`,
    `| generate-video de-duplication | identical in-flight requests share one result, served for ${seconds(VIDEO_DEDUPE_HOLD_MS)} after completion |`,
    `| Circuit breaker | opens after ${CIRCUIT_BREAKER.failureThreshold} failures within ${seconds(CIRCUIT_BREAKER.windowMs)}, blocks for ${seconds(CIRCUIT_BREAKER.openMs)}, closes after ${CIRCUIT_BREAKER.successesToClose} successes in half-open |`,
    `| HTTP timeout | ${seconds(HTTP_TIMEOUT_MS)} |`,
    `| HTTP retries | ${HTTP_RETRY_DELAYS_MS.length}, after ${HTTP_RETRY_DELAYS_MS.map(seconds).join(', ')}; never after a 4xx |`,
    '',
  ];
}

function envelopes(): string[] {
  return [
    '## Envelopes',
    '',
    '### Request: `domain:action`',
    '',
    ...fieldTable(toJson(contract.requestEnvelopeSchema)),
    '',
    '### Success: `domain:response`',
    '',
    ...fieldTable(toJson(contract.responseEnvelopeSchema)),
    '',
    '### Failure: `domain:error`',
    '',
    ...fieldTable(toJson(contract.errorEnvelopeSchema)),
    '',
  ];
}

function socketActions(): string[] {
  const lines = ['## Socket actions', ''];
  let domain = '';
  for (const entry of listSocketActions()) {
    if (entry.domain !== domain) {
      domain = entry.domain;
      lines.push(`### ${domain}`, '', `Replies on \`${domain}:response\` / \`${domain}:error\`.`, '');
    }
    const notes = [`Timeout ${seconds(entry.spec.timeoutMs)}.`];
    if (entry.spec.dedupe)
      notes.push(`De-duplicated, held ${seconds(VIDEO_DEDUPE_HOLD_MS)} after completion.`);
    notes.push(`Reply: ${code(renderType(toJson(entry.spec.reply)))}.`);
    lines.push(
      `#### \`${entry.event}\``,
      '',
      notes.join(' '),
      '',
      ...fieldTable(toJson(entry.spec.payload)),
      '',
    );
  }
  return lines;
}

function serverEvents(): string[] {
  const lines = ['## Server events', '', 'Sent to the project room `project:<projectId>`.', ''];
  for (const event of Object.values(SERVER_EVENTS)) {
    lines.push(`### \`${event}\``, '', ...fieldTable(toJson(SERVER_EVENT_SCHEMAS[event])), '');
  }
  lines.push(
    '## Connection events',
    '',
    'Sent to every socket of one server process. `server:closing`: the process is stopping; it answers the actions already sent, then closes the connection. The SDK reconnects at once (a random moment within `reconnectInMs`, so a load balancer spreads the clients over the other nodes) and holds new requests until it is connected again.',
    '',
  );
  for (const event of Object.values(CONNECTION_EVENTS)) {
    lines.push(`### \`${event}\``, '', ...fieldTable(toJson(CONNECTION_EVENT_SCHEMAS[event])), '');
  }
  return lines;
}

function legacyEvents(): string[] {
  return [
    '## Older named events',
    '',
    '| Request | Reply | Error | Payload | Reply data |',
    '|---|---|---|---|---|',
    ...Object.values(LEGACY_EVENTS).map(
      (spec) =>
        `| \`${spec.request}\` | \`${spec.reply}\` | \`${spec.error}\` | ${cell(renderType(toJson(spec.payload)))} | ${cell(
          renderType(toJson(spec.data)),
        )} |`,
    ),
    '',
    `Errors of the older form carry ${code(renderType(toJson(contract.legacyErrorPayloadSchema)))}.`,
    '',
  ];
}

function httpRoutes(): string[] {
  return [
    '## HTTP routes',
    '',
    'Path parameters are URI-encoded. Routes marked auth need the bearer token.',
    '',
    '| Route | Method | Path | Auth | Timeout | Retries | Body | Query | Response |',
    '|---|---|---|---|---|---|---|---|---|',
    ...listHttpRoutes().map(({ group, name, spec }) => {
      const body = spec.body ? cell(renderType(toJson(spec.body))) : '';
      const multipart = spec.multipart ? ` (multipart, file in \`${spec.fileField}\`)` : '';
      const query = spec.query ? cell(renderType(toJson(spec.query))) : '';
      return `| ${group}.${name} | ${spec.method} | \`${spec.path}\` | ${spec.auth ? 'yes' : 'no'} | ${seconds(
        spec.timeoutMs ?? HTTP_TIMEOUT_MS,
      )} | ${spec.retries ?? HTTP_RETRY_DELAYS_MS.length} | ${body}${multipart} | ${query} | ${cell(
        renderType(toJson(spec.response)),
      )} |`;
    }),
    '',
  ];
}

function errorCatalogue(): string[] {
  const templates: [string, string][] = [
    ['notFound', formatMessage.notFound('{X}')],
    ['assetNotFound', formatMessage.assetNotFound('{id}')],
    ['apiError', formatMessage.apiError(0, '{text}').replace('0', '{status}')],
    ['uploadFailedWithStatus', formatMessage.uploadFailedWithStatus(0).replace('0', '{n}')],
    ['requestTimeout', formatMessage.requestTimeout('{domain}', '{action}')],
    ['eventTimeout', formatMessage.eventTimeout('{event}')],
  ];
  return [
    '## Errors',
    '',
    '| Code | HTTP status |',
    '|---|---|',
    ...ERROR_CODES.map((errorCode) => `| ${errorCode} | ${ERROR_STATUS[errorCode] ?? 'client only'} |`),
    '',
    'HTTP statuses 500, 502, 503 and 504 read as SERVER_ERROR; any other unexpected status as API_ERROR.',
    '',
    '### Messages',
    '',
    '| Name | Message |',
    '|---|---|',
    ...Object.entries(MESSAGES).map(([name, message]) => `| ${name} | ${message} |`),
    ...templates.map(([name, message]) => `| ${name} | ${message} |`),
    '',
    '### Toasts',
    '',
    '| Name | Title | Body |',
    '|---|---|---|',
    ...Object.entries(TOASTS).map(
      ([name, toast]) => `| ${name} | ${toast.title} | ${toastBody(name, toast)} |`,
    ),
    '',
  ];
}

function toastBody(
  name: string,
  toast: { title: string; message?: string; fallbackMessage?: string },
): string {
  if (toast.message) return toast.message;
  if (toast.fallbackMessage) return `the error message, else '${toast.fallbackMessage}'`;
  return name === 'firstPassReady' ? formatToast.firstPassReady(0, '{style}').replace('0', '{n}') : '';
}

function schemaReference(): string[] {
  const lines = [
    '## Schemas',
    '',
    'The named types used above. Optional fields may be omitted; defaults apply when they are.',
    '',
  ];
  for (const [name] of NAMED_SCHEMAS) {
    const json = definitions.get(name);
    if (!json) continue;
    lines.push(`### ${name}`, '');
    if (json.type === 'object' && json.properties) {
      lines.push(...fieldTable(json), '');
      continue;
    }
    if (json.description) lines.push(json.description, '');
    const { description: _description, ...shape } = json;
    if (Object.keys(shape).length > 0) lines.push(code(renderType(shape)), '');
  }
  return lines;
}

/** The whole reference. Sections that use a named schema must render before schemaReference. */
export function renderProtocolDoc(): string {
  definitions.clear();
  const body = [
    ...intro(),
    ...connection(),
    ...envelopes(),
    ...socketActions(),
    ...serverEvents(),
    ...legacyEvents(),
    ...httpRoutes(),
    ...errorCatalogue(),
  ];
  for (const [, schema] of NAMED_SCHEMAS) toJson(schema);
  return `${[...body, ...schemaReference()].join('\n').trimEnd()}\n`;
}
