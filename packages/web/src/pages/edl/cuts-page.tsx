import { type CutSummary } from '@reelbench/sdk/contract';
import { Link } from '@tanstack/react-router';
import { Film, Scissors } from 'lucide-react';
import { useEffect } from 'react';
import { useServices } from '../../app/services-context.js';
import { cutsUi } from '../../cuts/cut-actions.js';
import { CutDialogs } from '../../cuts/cut-dialogs.js';
import { formatAbsolute, plural } from '../../format/format.js';
import { ActionButton } from '../../shell/action-button.js';
import { ItemActionButtons } from '../../shell/action-buttons.js';
import { useRunAction } from '../../shell/use-action.js';
import { errorBody } from '../../state/errors.js';
import { EmptyState, ListSkeleton } from '../../ui/card.js';
import { PageHeader } from '../../ui/page-header.js';
import { TableHead } from '../../ui/table-head.js';
import { CUT_ACTIONS, lengthTimecode, useCuts, useIds, useProjectName } from './cuts-shared.js';
import '../../styles/pages.css';
import '../../styles/cuts.css';

/** /project/{id}/edl: the project's cuts, newest version first, with rename and delete. */
export function CutsPage(props: { projectId?: string } = {}) {
  const { projectId } = useIds(props);
  const services = useServices();
  const ui = cutsUi(services);
  const run = useRunAction();
  const projectName = useProjectName(projectId);
  const cuts = useCuts(projectId);
  const list = cuts.data ?? [];

  const act = (cut: CutSummary, action: 'cut.rename' | 'cut.delete') => {
    ui.set((state) => ({ ...state, current: { id: cut.id, name: cut.name, version: cut.version } }));
    run(action);
  };
  useEffect(() => () => ui.set((state) => ({ ...state, current: null })), [ui]);

  return (
    <div className="page cuts-page">
      <PageHeader
        title="Cuts"
        subtitle={
          cuts.isLoading
            ? 'Loading the cuts…'
            : `${plural(list.length, 'cut')} · saved snapshots of the timeline, for EDL, OTIO, FCPXML and the storyboard PDF`
        }
        actions={<ActionButton actionId="cut.create" variant="primary" icon={Scissors} />}
      />
      {cuts.isLoading ? (
        <ListSkeleton />
      ) : cuts.error ? (
        <EmptyState title="The cuts could not be loaded">{errorBody(cuts.error)}</EmptyState>
      ) : list.length === 0 ? (
        <EmptyState
          icon={Film}
          title="No cuts yet — Create Cut"
          actions={<ActionButton actionId="cut.create" variant="primary" icon={Scissors} />}
        >
          A cut saves the timeline’s order and durations as a version you can export for an editor and
          compare.
        </EmptyState>
      ) : (
        <div className="jobs-table-wrap">
          <table className="jobs-table cuts-table" aria-label="Cuts">
            <TableHead
              columns={[
                'Cut',
                'Version',
                { label: 'Events', className: 'cuts-num' },
                'Length',
                'Rate',
                'Saved',
                { label: 'Actions', srOnly: true },
              ]}
            />
            <tbody>
              {list.map((cut) => (
                <tr key={cut.id} className="jobs-row" data-cut-id={cut.id}>
                  <td>
                    <Link
                      className="cuts-link"
                      to="/project/$projectId/edl/$edlId"
                      params={{ projectId, edlId: cut.id }}
                    >
                      {cut.name}
                    </Link>
                  </td>
                  <td className="mono">v{cut.version}</td>
                  <td className="mono cuts-num">{cut.eventCount}</td>
                  <td className="mono">{lengthTimecode(cut.durationFrames, cut.frameRate)}</td>
                  <td className="mono">{cut.frameRate} fps</td>
                  <td className="cuts-saved">{cut.updatedAt ? formatAbsolute(cut.updatedAt) : '—'}</td>
                  <td className="jobs-row__actions">
                    <div className="cuts-row-actions">
                      <ItemActionButtons
                        actions={CUT_ACTIONS}
                        itemName={`${cut.name} v${cut.version}`}
                        onAction={(action) => act(cut, action)}
                      />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <CutDialogs projectId={projectId} projectName={projectName} />
    </div>
  );
}
