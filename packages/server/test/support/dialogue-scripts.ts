// Short screenplays for the scratch-track tests (server and CLI): spoken lines, a parenthetical, an
// off-screen voice and a voice-over, as writers set them down.

/** A keeper, an off-screen shout and a voice-over over a second scene. */
export const LIGHTHOUSE_SCRIPT = `INT. LIGHTHOUSE - NIGHT

MARA (30s), the keeper, climbs the stairs with a lamp. She stops at the top.

MARA
Who moved the ledger?

The wind rattles the glass. Mara sets the lamp down and waits.

MARA
(whispering)
Someone was here tonight.

Below, OLD TOM (70s) bangs on the door, his coat soaked.

OLD TOM (O.S.)
(shouting)
Mara! The lamp is out on the north side!

EXT. CLIFF - DAWN

Grey light over the water. Mara walks the cliff path alone.

MARA (V.O.)
I never saw him again after that night.
`;

/** Two speakers, one line each, on a ferry deck. */
export const FERRY_OPENING = `INT. FERRY DECK - NIGHT

JONAS (40s) coils a rope by the rail. The horn sounds twice.

JONAS
We leave in five minutes.

ANA (30s) hurries up the gangway, a suitcase in each hand.

ANA
Wait for me!
`;

/** The ferry scene played on: two more lines, an answer to each. */
export const FERRY_SCRIPT = `${FERRY_OPENING}
Jonas takes one of the cases and sets it down by the rail.

JONAS
You nearly missed it.

ANA
I never miss the last ferry.
`;
