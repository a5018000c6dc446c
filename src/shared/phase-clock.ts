/**
 * Where a run's time goes, per phase, for trace.json and the job summary.
 *
 * Phases overlap: evidence for several bumps is gathered at once, so registry, tarball and
 * GitHub reads run side by side. A phase's `ms` is therefore its busy wall time — how long at
 * least one of its operations was in flight — not a sum over operations (which could exceed
 * the run) and not first-start-to-last-end (which would hide idle gaps). The figures are for
 * people reading a trace; nothing decides on them.
 */

export const PHASE_NAMES = ['detection', 'registry', 'tarballs', 'repository', 'context', 'analysis', 'publication'] as const;
export type PhaseName = (typeof PHASE_NAMES)[number];

export interface PhaseCounts {
  /** Requests sent (file reads for detection, runtime calls for analysis). */
  requests: number;
  /** Body bytes received. */
  bytes: number;
  /** Answers served from the cache: tarballs without a request, packuments confirmed by a 304. */
  cacheHits: number;
  /** Runtime answers reused from an earlier run instead of a new request. */
  reused: number;
}

export interface PhaseTiming {
  name: PhaseName;
  /** When the phase's first operation started; null when the phase never ran. */
  startedAt: string | null;
  ms: number;
  counts: PhaseCounts;
}

export interface PhaseClock {
  /** Runs `work` as part of `phase`, accounting its busy time. */
  track<T>(phase: PhaseName, work: () => Promise<T>): Promise<T>;
  /** Marks the start of a phase that ends when the returned function is called. */
  begin(phase: PhaseName): () => void;
  /** Adds to a phase's counts. */
  count(phase: PhaseName, counts: Partial<PhaseCounts>): void;
  /** Counts read when the snapshot is taken (e.g. a client's running totals). */
  countFrom(phase: PhaseName, read: () => Partial<PhaseCounts>): void;
  /** Every phase in pipeline order; phases still running are measured up to now. */
  snapshot(): PhaseTiming[];
}

interface PhaseState {
  startedAt: number | null;
  inFlight: number;
  busySince: number;
  busyMs: number;
  counts: PhaseCounts;
  readers: Array<() => Partial<PhaseCounts>>;
}

const ZERO: PhaseCounts = { requests: 0, bytes: 0, cacheHits: 0, reused: 0 };

function nonNegativeInteger(value: number | undefined): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : 0;
}

/** `monotonic` measures durations; `wallClock` dates the starts. Both are injectable for tests. */
export function createPhaseClock(monotonic: () => number = () => performance.now(), wallClock: () => number = Date.now): PhaseClock {
  const states = new Map<PhaseName, PhaseState>(PHASE_NAMES.map((name) => [name, { startedAt: null, inFlight: 0, busySince: 0, busyMs: 0, counts: { ...ZERO }, readers: [] }]));
  const stateOf = (phase: PhaseName): PhaseState => states.get(phase)!;

  const begin = (phase: PhaseName): (() => void) => {
    const state = stateOf(phase);
    state.startedAt ??= wallClock();
    if (state.inFlight === 0) state.busySince = monotonic();
    state.inFlight += 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      state.inFlight -= 1;
      if (state.inFlight === 0) state.busyMs += monotonic() - state.busySince;
    };
  };

  return {
    begin,
    async track(phase, work) {
      const end = begin(phase);
      try {
        return await work();
      } finally {
        end();
      }
    },
    count(phase, counts) {
      const state = stateOf(phase);
      for (const key of Object.keys(ZERO) as Array<keyof PhaseCounts>) state.counts[key] += nonNegativeInteger(counts[key]);
    },
    countFrom(phase, read) {
      stateOf(phase).readers.push(read);
    },
    snapshot() {
      const now = monotonic();
      return PHASE_NAMES.map((name) => {
        const state = stateOf(name);
        const counts = { ...state.counts };
        for (const read of state.readers) {
          const extra = read();
          for (const key of Object.keys(ZERO) as Array<keyof PhaseCounts>) counts[key] += nonNegativeInteger(extra[key]);
        }
        const ms = state.busyMs + (state.inFlight > 0 ? now - state.busySince : 0);
        return { name, startedAt: state.startedAt === null ? null : new Date(state.startedAt).toISOString(), ms: Math.round(ms * 10) / 10, counts };
      });
    },
  };
}
