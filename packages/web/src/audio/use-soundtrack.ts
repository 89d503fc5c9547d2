import { useQuery } from '@tanstack/react-query';
import { queries } from '../app/queries.js';
import { useServices } from '../app/services-context.js';

/** The project's soundtrack with its waveform peaks (null without one), shared by the audio page and the timeline. */
export function useSoundtrack(projectId: string) {
  const { client } = useServices();
  return useQuery(queries.soundtrack(client, projectId));
}

/** Seconds as m:ss.fff, the way an offset is read. */
export function formatOffset(seconds: number): string {
  const sign = seconds < 0 ? '−' : '+';
  const abs = Math.abs(seconds);
  const minutes = Math.floor(abs / 60);
  const rest = abs - minutes * 60;
  return `${sign}${minutes}:${rest.toFixed(3).padStart(6, '0')}`;
}
