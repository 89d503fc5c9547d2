import { useParams } from '@tanstack/react-router';

/** The project of the route the page is on, unless given (tests mount a page without the route table). */
export function useProjectId(given?: string): string {
  const params = useParams({ strict: false }) as { projectId?: string };
  return given ?? params.projectId ?? '';
}
