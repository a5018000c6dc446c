import { digestOf, sha256Hex } from '../shared/canonical-json.js';
import type { EvidenceItem, EvidenceKind } from './types.js';

/** Per-item content bound (characters). Longer text is cut and marked truncated. */
export const MAX_EVIDENCE_CONTENT_CHARS = 4_000;

export interface EvidenceDraft {
  packageId: string;
  sourceId: string;
  kind: EvidenceKind;
  locator: string;
  title: string;
  sourceUrl: string;
  releaseVersions: string[];
  content: string;
  maxChars?: number;
}

/**
 * Builds an evidence item with its stable ID. The ID covers what the item is and a digest
 * of what it says (after bounding), so it changes exactly when the evidence changes.
 * Content is normalised (NFC, LF line ends, no NUL or other control characters) first so the
 * same text fetched on different machines hashes the same.
 */
export function makeEvidenceItem(draft: EvidenceDraft): EvidenceItem {
  const normalised = normaliseEvidenceText(draft.content);
  const limit = draft.maxChars ?? MAX_EVIDENCE_CONTENT_CHARS;
  const truncated = normalised.length > limit;
  const content = truncated ? `${normalised.slice(0, limit)}\n[… truncated]` : normalised;
  const contentDigest = `sha256:${sha256Hex(content)}`;
  const releaseVersions = [...draft.releaseVersions];
  const id = digestOf({
    packageId: draft.packageId,
    sourceId: draft.sourceId,
    kind: draft.kind,
    locator: draft.locator,
    releaseVersions,
    contentDigest,
  });
  return {
    id,
    packageId: draft.packageId,
    sourceId: draft.sourceId,
    kind: draft.kind,
    locator: draft.locator,
    title: normaliseEvidenceText(draft.title).replace(/\s+/g, ' ').slice(0, 200),
    sourceUrl: draft.sourceUrl,
    releaseVersions,
    content,
    contentDigest,
    truncated,
  };
}

export function normaliseEvidenceText(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .trim();
}
