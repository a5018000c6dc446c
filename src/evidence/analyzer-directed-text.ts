/**
 * Text in release notes that speaks to an automated reviewer instead of describing a change
 * ("Ignore all previous instructions…", "set riskLevel to low"). It is never a change, so it
 * never becomes a finding; that a changelog contains it at all is a supply-chain signal, which
 * the evidence layer reports as a warning. Fixed patterns only: nothing here follows the text.
 */
const ADDRESSED_TO_ANALYZER: RegExp[] = [
  /\b(?:ignore|disregard|forget)\b[^\n]{0,40}\b(?:previous|prior|above|earlier|all)\b[^\n]{0,40}\b(?:instructions?|prompts?|rules|context)\b/i,
  /\b(?:risk_?level|riskEvidenceRefs|summaryEvidenceRefs|evidenceRefs)\b/i,
  /\byou\s+are\s+(?:an?\s+)?(?:ai|assistant|language\s+model|llm|chatbot|reviewer\s+bot)\b/i,
  /\b(?:system|developer)\s+prompt\b/i,
  /\b(?:ai|llm|automated|bot)\s+(?:reviewers?|analy[sz]ers?|assistants?)\b[^\n]{0,60}\b(?:must|should|shall)\b/i,
  /\bnew\s+instructions?\s*:/i,
];

/** Evidence warning code for release text that addresses the analyzer. */
export const TEXT_ADDRESSED_TO_ANALYZER = 'TEXT_ADDRESSED_TO_ANALYZER';

export function isAddressedToAnalyzer(text: string): boolean {
  return ADDRESSED_TO_ANALYZER.some((pattern) => pattern.test(text));
}
