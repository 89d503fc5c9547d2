/** Query keys per domain (UI.md, data): socket events write into these with setQueryData. */
export const queryKeys = {
  me: ['me'] as const,
  projects: ['projects'] as const,
  project: (projectId: string) => ['project', projectId] as const,
  series: ['series'] as const,
  shots: (projectId: string) => ['shots', projectId] as const,
  assets: (projectId: string) => ['assets', projectId] as const,
  asset: (assetId: string) => ['asset', assetId] as const,
  script: (projectId: string) => ['script', projectId] as const,
  analysis: (projectId: string) => ['analysis', projectId] as const,
  jobs: ['jobs'] as const,
};
