import type { Cast, CastMember } from '@reelbench/sdk';
import { useQuery } from '@tanstack/react-query';
import { Box, MapPin, User } from 'lucide-react';
import type { ComponentType } from 'react';
import { queries } from '../../app/queries.js';
import { useServices } from '../../app/services-context.js';
import { plural } from '../../format/format.js';
import { ActionButton } from '../../shell/action-button.js';
import { errorBody } from '../../state/errors.js';
import { Skeleton } from '../../ui/card.js';
import { cx } from '../../ui/cx.js';
import { StatusIcon } from '../../ui/widgets.js';
import { missingNames } from './create-cast.js';

const CAST_ICONS: Record<CastMember['type'], ComponentType<{ size?: number; 'aria-hidden'?: boolean }>> = {
  character: User,
  location: MapPin,
  prop: Box,
};
const CAST_SHOWN = 12;

/** Who and what the script names, each with its asset or marked missing, and how many shots name it. */
function CastList({ cast }: { cast: Cast }) {
  const shown = cast.members.slice(0, CAST_SHOWN);
  const more = cast.members.length - shown.length;
  return (
    <>
      <p className={cx('cast-summary', cast.missing > 0 && 'cast-summary--missing')}>
        <StatusIcon status={cast.missing > 0 ? 'stale' : 'completed'} />
        {cast.members.length === 0
          ? 'The script names no one yet.'
          : cast.missing === 0
            ? `All ${plural(cast.members.length, 'member')} have an asset.`
            : `${cast.missing} missing: ${missingNames(cast)}.`}
      </p>
      <ul className="cast-list" aria-label="Cast">
        {shown.map((member) => {
          const Icon = CAST_ICONS[member.type];
          return (
            <li
              key={`${member.type}:${member.name}`}
              className={cx('cast-list__item', member.assetId === null && 'cast-list__item--missing')}
              title={member.description}
            >
              <Icon size={13} aria-hidden={true} />
              <span className="cast-list__name">{member.name}</span>
              <span className="cast-list__state">
                {member.assetId === null ? 'missing' : plural(member.shotCount, 'shot')}
              </span>
            </li>
          );
        })}
      </ul>
      {more > 0 ? <p className="dash-card__note">and {more} more</p> : null}
    </>
  );
}

/**
 * The dashboard cast card's content, loaded once there is a script: read again when the script or
 * the number of assets changes, and after Create Cast from Script.
 */
export function CastCard({
  projectId,
  script,
  assetCount,
  connected,
}: {
  projectId: string;
  script: string;
  assetCount: number;
  connected: boolean;
}) {
  const { client } = useServices();
  const cast = useQuery({
    ...queries.cast(client, projectId, script.length, assetCount),
    enabled: connected,
  });
  if (cast.data) {
    return (
      <section className="cast" aria-labelledby="dashboard-cast">
        <div className="cast__head">
          <h3 id="dashboard-cast" className="cast__title">
            Cast from the script
          </h3>
          <ActionButton actionId="assets.createCast" variant="secondary" size="sm">
            Create cast
          </ActionButton>
        </div>
        <CastList cast={cast.data} />
      </section>
    );
  }
  if (cast.isError) {
    return (
      <p className="dash-card__empty">The cast could not be read from the script: {errorBody(cast.error)}</p>
    );
  }
  return <Skeleton height={72} />;
}
