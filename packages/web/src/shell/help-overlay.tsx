import { useServices } from '../app/services-context.js';
import { useStore } from '../state/store.js';
import { Button } from '../ui/button.js';
import { Kbd } from '../ui/card.js';
import { Modal } from '../ui/modal.js';
import { shortcutLabel } from './use-action.js';

/**
 * The shortcut help overlay (SPEC.md §2): every bound action grouped by category, a Close button;
 * Shift+? toggles it, Escape and a click outside close it.
 */
export function HelpOverlay() {
  const { ui, registry } = useServices();
  const open = useStore(ui.store, (state) => state.helpOpen);
  const groups = registry.helpGroups();
  return (
    <Modal
      open={open}
      onOpenChange={(next) => ui.patch({ helpOpen: next })}
      title="Keyboard shortcuts"
      description="Every command is also in the palette (Ctrl K). Timeline keys work on the timeline and in the shot lab."
      size="large"
      className="help-overlay"
      footer={
        <Button variant="primary" onClick={() => ui.patch({ helpOpen: false })}>
          Close
        </Button>
      }
    >
      <div className="help-overlay__groups">
        {groups.map((group) => (
          <section
            key={group.section}
            className="help-overlay__group"
            aria-labelledby={`help-${group.section}`}
          >
            <h3 id={`help-${group.section}`}>{group.section}</h3>
            <dl>
              {group.actions.map((action) => (
                <div key={action.id} className="help-overlay__row">
                  <dt>{action.label}</dt>
                  <dd>
                    <Kbd>{shortcutLabel(action)}</Kbd>
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Modal>
  );
}
