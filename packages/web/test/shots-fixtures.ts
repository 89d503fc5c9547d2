import type { Project, Scene, Shot } from '@reelbench/sdk';

let counter = 0;
/** A uuid-shaped id that sorts by creation: 00000000-0000-4000-8000-00000000000n. */
export function id(n = ++counter): string {
  return `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
}

export function makeShot(overrides: Partial<Shot> & { id: string }): Shot {
  return {
    projectId: PROJECT_ID,
    name: 'Untitled Shot',
    description: null,
    duration: 5,
    start_time: 0,
    prompt: null,
    action: null,
    script_text: null,
    image_url: null,
    video_url: null,
    s3_image_key: null,
    s3_video_key: null,
    style_package_id: null,
    composition_settings: null,
    selected_template: null,
    customCompositionUrl: null,
    assets: [],
    assessment_notes: null,
    assessed_at: null,
    generation_status: 'pending',
    video_generation_status: 'pending',
    sequence_id: null,
    ...overrides,
  };
}

export const PROJECT_ID = '10000000-0000-4000-8000-000000000001';

export function makeScene(n: number, name: string, shotIds: string[], color = '#ef4444'): Scene {
  return { id: `20000000-0000-4000-8000-${String(n).padStart(12, '0')}`, name, color, shotIds };
}

export function makeProject(scenes: Scene[], shotOrder: string[]): Project {
  return {
    id: PROJECT_ID,
    name: 'Test',
    description: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
    thumbnail: null,
    audio_url: null,
    audio_s3_key: null,
    series_id: null,
    settings: { scenes, shotOrder },
  };
}
