import { useServices } from '../app/services-context.js';
import { useStore } from '../state/store.js';

/** The 2 px bar at the very top while API activity is pending (SPEC.md §1). */
export function ActivityBar() {
  const { activity } = useServices();
  const count = useStore(activity.store);
  return (
    <div
      className="activity-bar"
      data-active={count > 0}
      role="progressbar"
      aria-label="Server activity"
      aria-busy={count > 0}
      aria-valuetext={count > 0 ? `${count} requests pending` : 'Idle'}
    >
      <div className="activity-bar__fill" />
    </div>
  );
}
