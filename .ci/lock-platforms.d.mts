export interface LockEntry {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  optionalDependencies?: Record<string, string>;
  os?: string[];
  cpu?: string[];
  libc?: string[];
}
export function platformOf(name: string): Pick<LockEntry, 'os' | 'cpu' | 'libc'> | null;
export function missingPlatformEntries(lock: {
  packages: Record<string, LockEntry>;
}): { key: string; entry: LockEntry; from: string }[];
