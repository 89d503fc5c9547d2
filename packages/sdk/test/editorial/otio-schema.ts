/**
 * OpenTimelineIO's serialized schema shapes, checked without the library (not installable here):
 * each OTIO_SCHEMA object's required fields, whole-frame RationalTimes, track kinds, active references.
 */

export type Json = Record<string, unknown>;

/** Fields each schema must carry (from OTIO's serialized schema), beside OTIO_SCHEMA. */
const REQUIRED: Record<string, string[]> = {
  'Timeline.1': ['name', 'metadata', 'global_start_time', 'tracks'],
  'Stack.1': ['name', 'metadata', 'source_range', 'effects', 'markers', 'enabled', 'children'],
  'Track.1': ['name', 'metadata', 'source_range', 'effects', 'markers', 'enabled', 'children', 'kind'],
  'Clip.2': [
    'name',
    'metadata',
    'source_range',
    'effects',
    'markers',
    'enabled',
    'media_references',
    'active_media_reference_key',
  ],
  'Gap.1': ['name', 'metadata', 'source_range', 'effects', 'markers', 'enabled'],
  'Transition.1': ['name', 'metadata', 'transition_type', 'in_offset', 'out_offset'],
  'Marker.2': ['name', 'metadata', 'color', 'marked_range', 'comment'],
  'ExternalReference.1': ['name', 'metadata', 'available_range', 'target_url'],
  'MissingReference.1': ['name', 'metadata', 'available_range'],
  'RationalTime.1': ['rate', 'value'],
  'TimeRange.1': ['start_time', 'duration'],
};

export interface Walk {
  errors: string[];
  counts: Record<string, number>;
  rates: Set<number>;
}

/** Visits every object with an OTIO_SCHEMA and checks its name, fields and (for times) rate. */
function walk(node: unknown, path: string, walkState: Walk): void {
  if (Array.isArray(node)) {
    node.forEach((child, index) => {
      walk(child, `${path}[${index}]`, walkState);
    });
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const object = node as Json;
  const schema = object.OTIO_SCHEMA;
  if (typeof schema === 'string') {
    const required = REQUIRED[schema];
    walkState.counts[schema] = (walkState.counts[schema] ?? 0) + 1;
    if (!required) walkState.errors.push(`${path}: unexpected schema ${schema}`);
    for (const field of required ?? []) {
      if (!(field in object)) walkState.errors.push(`${path}: ${schema} without ${field}`);
    }
    if (schema === 'RationalTime.1') {
      walkState.rates.add(object.rate as number);
      if (!Number.isInteger(object.value))
        walkState.errors.push(`${path}: value ${String(object.value)} not whole`);
    }
    if (schema === 'Track.1' && object.kind !== 'Video' && object.kind !== 'Audio') {
      walkState.errors.push(`${path}: kind ${String(object.kind)}`);
    }
    if (schema === 'Clip.2') {
      const references = object.media_references as Json;
      if (!(String(object.active_media_reference_key) in references))
        walkState.errors.push(`${path}: no active reference`);
    }
  } else if (path !== '' && !path.endsWith('metadata') && !path.includes('.metadata')) {
    if (!path.endsWith('media_references')) walkState.errors.push(`${path}: object without OTIO_SCHEMA`);
  }
  for (const [key, value] of Object.entries(object)) {
    if (key === 'metadata') continue;
    walk(value, path === '' ? key : `${path}.${key}`, walkState);
  }
}

export function walkOtio(text: string): Walk {
  const walkState: Walk = { errors: [], counts: {}, rates: new Set() };
  walk(JSON.parse(text), '', walkState);
  return walkState;
}
