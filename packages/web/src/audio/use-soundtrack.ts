import type { Soundtrack } from '@reelbench/sdk/contract';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../app/services-context.js';

export const soundtrackQueryKey = (projectId: string) => ['soundtrack', projectId] as const;

/** The project's soundtrack with its waveform peaks (null without one), shared by the audio page and the timeline. */
export function useSoundtrack(projectId: string) {
  const { client } = useServices();
  return useQuery<Soundtrack | null>({
    queryKey: soundtrackQueryKey(projectId),
    queryFn: () => client.audio.get(projectId),
    enabled: projectId !== '',
  });
}

/** Seconds as m:ss.fff, the way an offset is read. */
export function formatOffset(seconds: number): string {
  const sign = seconds < 0 ? '−' : '+';
  const abs = Math.abs(seconds);
  const minutes = Math.floor(abs / 60);
  const rest = abs - minutes * 60;
  return `${sign}${minutes}:${rest.toFixed(3).padStart(6, '0')}`;
}
