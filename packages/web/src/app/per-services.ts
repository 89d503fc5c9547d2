import type { AppServices } from './services.js';

/**
 * State kept once per tab, made the first time it is asked for: `create` runs once for each
 * services object (kept on its identity, so a test's fresh services start afresh).
 */
export function perServices<T>(create: (services: AppServices) => T): (services: AppServices) => T {
  const made = new WeakMap<AppServices, T>();
  return (services) => {
    let value = made.get(services);
    if (value === undefined) {
      value = create(services);
      made.set(services, value);
    }
    return value;
  };
}
