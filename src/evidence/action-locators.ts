/**
 * Locators of GitHub Actions evidence that the review policy reads: facts that set a minimum
 * risk whatever an analyzer says. Shared so the gatherer and the policy cannot drift apart.
 */

/** A SHA pin that is not the release its comment names (a supply-chain signal). */
export const PIN_MISMATCH_LOCATOR = 'fact/pin-mismatch';
/** `runs.using` changed between the two releases (node20 → node24 needs a newer runner). */
export const RUNS_USING_LOCATOR = 'action-interface/runs-using';
