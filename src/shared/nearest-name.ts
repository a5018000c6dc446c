/**
 * "Did you mean …?" for mistyped CLI options and commands. The suggestion is the candidate
 * with the smallest edit distance, offered only when it is close enough to be a plausible typo
 * (or when one name is a prefix of the other, as in `--output-dir` for `--out`); a far-fetched
 * guess would send the user somewhere wrong, so then there is no suggestion at all. Profile
 * names and keys use editDistance with their own, stricter threshold (load-profile.ts).
 */

/**
 * Optimal string alignment distance: insertions, deletions, substitutions and transpositions
 * of neighbouring characters each cost 1 (`--prfoile` is one step from `--profile`).
 */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const columns = b.length + 1;
  const distance: number[][] = Array.from({ length: rows }, (_, row) => Array.from({ length: columns }, (_, column) => (row === 0 ? column : column === 0 ? row : 0)));
  for (let row = 1; row < rows; row++) {
    for (let column = 1; column < columns; column++) {
      const substitution = a[row - 1] === b[column - 1] ? 0 : 1;
      let best = Math.min(distance[row - 1]![column]! + 1, distance[row]![column - 1]! + 1, distance[row - 1]![column - 1]! + substitution);
      if (row > 1 && column > 1 && a[row - 1] === b[column - 2] && a[row - 2] === b[column - 1]) {
        best = Math.min(best, distance[row - 2]![column - 2]! + 1);
      }
      distance[row]![column] = best;
    }
  }
  return distance[a.length]![b.length]!;
}

/** Typos up to about a third of the name (at least two edits) count as close. */
function closeEnough(typed: string, candidate: string, distance: number): boolean {
  if (distance <= Math.max(2, Math.floor(typed.length / 3))) return true;
  const shorter = typed.length < candidate.length ? typed : candidate;
  const longer = shorter === typed ? candidate : typed;
  return shorter.length >= 3 && longer.startsWith(shorter);
}

/** The candidate nearest to `typed`, or null when none is close. Ties go to the earlier candidate. */
export function nearestName(typed: string, candidates: readonly string[]): string | null {
  let best: { name: string; distance: number } | null = null;
  for (const candidate of candidates) {
    const distance = editDistance(typed.toLowerCase(), candidate);
    if (!closeEnough(typed.toLowerCase(), candidate, distance)) continue;
    if (best === null || distance < best.distance) best = { name: candidate, distance };
  }
  return best?.name ?? null;
}
