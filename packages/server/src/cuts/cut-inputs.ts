import { Injectable } from '@nestjs/common';
import type { CutSoundtrack, EditorialFrameRate } from '@reelbench/sdk/contract';
import type { ReviewMarkerSource } from '@reelbench/sdk/editorial';

/** The project's soundtrack as a new cut carries it (frames at the cut's rate); null without one. */
export type CutSoundtrackSource = (
  projectId: string,
  frameRate: EditorialFrameRate,
) => Promise<CutSoundtrack | null>;

/** Reviewers' comments on the project, in the order of the cut (they become an export's markers). */
export type ReviewMarkersSource = (projectId: string) => Promise<readonly ReviewMarkerSource[]>;

/**
 * What cuts take from the domains built on them, each handed in by that domain at start-up (audio: the
 * soundtrack under a new cut; review: the comments an export writes as markers). The dependency points
 * one way: audio and review import cuts, cuts import neither. Without a source there is nothing to add.
 */
@Injectable()
export class CutInputs {
  private soundtrackSource: CutSoundtrackSource | undefined;
  private markersSource: ReviewMarkersSource | undefined;

  provideSoundtrack(source: CutSoundtrackSource): void {
    this.soundtrackSource = source;
  }

  provideReviewMarkers(source: ReviewMarkersSource): void {
    this.markersSource = source;
  }

  async soundtrackForNewCut(projectId: string, frameRate: EditorialFrameRate): Promise<CutSoundtrack | null> {
    return this.soundtrackSource === undefined ? null : this.soundtrackSource(projectId, frameRate);
  }

  async reviewMarkers(projectId: string): Promise<readonly ReviewMarkerSource[]> {
    return this.markersSource === undefined ? [] : this.markersSource(projectId);
  }
}
