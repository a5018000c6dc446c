import type { AnalysisResult, RegistrySignals } from '../analysis/types.js';
import type { Bump, DetectionWarning } from '../bumps/types.js';
import { notScannedReport } from '../usage/describe-usage.js';
import type { UsageReport } from '../usage/types.js';

/**
 * Field-by-field copies of the contract objects the manifest publishes. Contracts may gain
 * fields while other modules evolve; copying only the fields the published schema knows keeps
 * the manifest valid (the schema is closed) and keeps anything new, such as telemetry, out of
 * it until someone adds it to the schema on purpose.
 */

export function projectBump(bump: Bump): Bump {
  return {
    ecosystem: bump.ecosystem,
    name: bump.name,
    from: bump.from,
    to: bump.to,
    fromSpec: bump.fromSpec,
    toSpec: bump.toSpec,
    direction: bump.direction,
    semverClass: bump.semverClass,
    dependencyTypes: [...bump.dependencyTypes],
    manifests: [...bump.manifests],
    lockfiles: [...bump.lockfiles],
    installPaths: [...bump.installPaths],
    direct: bump.direct,
    versionSource: bump.versionSource,
    ...(bump.action === undefined
      ? {}
      : {
          action: {
            fromRef: bump.action.fromRef,
            toRef: bump.action.toRef,
            fromPinned: bump.action.fromPinned,
            toPinned: bump.action.toPinned,
            locations: [...bump.action.locations],
          },
        }),
  };
}

export function projectWarning(warning: DetectionWarning): DetectionWarning {
  return { code: warning.code, subject: warning.subject, message: warning.message };
}

function projectSignals(signals: RegistrySignals | null): RegistrySignals | null {
  if (signals === null) return null;
  const fromTo = (value: { from: string | null; to: string | null } | null) => (value ? { from: value.from, to: value.to } : null);
  return {
    versionsInRange: signals.versionsInRange,
    targetPublishedAt: signals.targetPublishedAt,
    targetDeprecated: signals.targetDeprecated,
    installScriptsAdded: [...signals.installScriptsAdded],
    installScriptsRemoved: [...signals.installScriptsRemoved],
    provenanceLost: signals.provenanceLost,
    provenanceGained: signals.provenanceGained,
    publishersCompared: signals.publishersCompared,
    publisherChanged: fromTo(signals.publisherChanged),
    licenseChanged: fromTo(signals.licenseChanged),
    enginesChanged: signals.enginesChanged ? { from: { ...signals.enginesChanged.from }, to: { ...signals.enginesChanged.to } } : null,
    newDependencies: [...signals.newDependencies],
    lockfileIntegrityMismatch: signals.lockfileIntegrityMismatch ? { ...signals.lockfileIntegrityMismatch } : null,
    manifestChanges: signals.manifestChanges.map(({ fact, effect, subjects, subjectCount }) => ({ fact, effect, subjects: [...subjects], subjectCount })),
    ...(signals.actionPin === undefined ? {} : { actionPin: { mismatch: signals.actionPin.mismatch, pinningWeakened: signals.actionPin.pinningWeakened } }),
  };
}

/** A result built without a scan outcome (a library caller) publishes that it was not scanned. */
function projectUsage(usage: UsageReport | undefined): UsageReport {
  if (usage === undefined) return notScannedReport('not scanned: this run was given no repository files');
  return {
    status: usage.status,
    note: usage.note,
    fileCount: usage.fileCount,
    files: usage.files.map((file) => ({ path: file.path, imports: file.imports.map((site) => ({ line: site.line, kind: site.kind, specifier: site.specifier, names: [...site.names] })) })),
    configMentions: usage.configMentions.map((mention) => ({ path: mention.path, line: mention.line, detail: mention.detail })),
    checkedNames: usage.checkedNames.map((checked) => ({
      name: checked.name,
      change: checked.change,
      origins: [...checked.origins],
      uses: checked.uses.map((use) => ({ path: use.path, line: use.line, expression: use.expression, match: use.match })),
      useCount: checked.useCount,
      ...(checked.callForms === undefined ? {} : { callForms: [...checked.callForms] }),
    })),
  };
}

/** Human-review reasons are published sorted so the same result serialises the same way. */
export function projectResult(result: AnalysisResult): AnalysisResult {
  return {
    id: result.id,
    status: result.status,
    contextId: result.contextId,
    dependency: {
      ecosystem: result.dependency.ecosystem,
      name: result.dependency.name,
      dependencyTypes: [...result.dependency.dependencyTypes],
      manifests: [...result.dependency.manifests],
    },
    versions: {
      from: result.versions.from,
      to: result.versions.to,
      direction: result.versions.direction,
      semverClass: result.versions.semverClass,
      inRange: [...result.versions.inRange],
    },
    summary: result.summary,
    summaryEvidenceRefs: [...result.summaryEvidenceRefs],
    riskLevel: result.riskLevel,
    riskEvidenceRefs: [...result.riskEvidenceRefs],
    findings: result.findings.map((finding) => ({
      id: finding.id,
      kind: finding.kind,
      summary: finding.summary,
      appliesToVersions: [...finding.appliesToVersions],
      evidenceRefs: [...finding.evidenceRefs],
    })),
    evidence: result.evidence.map((item) => ({
      id: item.id,
      kind: item.kind,
      sourceId: item.sourceId,
      title: item.title,
      sourceUrl: item.sourceUrl,
      releaseVersions: [...item.releaseVersions],
      contentDigest: item.contentDigest,
    })),
    evidenceCoverage: result.evidenceCoverage,
    missingInformation: result.missingInformation.map((missing) => ({ code: missing.code, message: missing.message })),
    registrySignals: projectSignals(result.registrySignals),
    validation: {
      schemaValid: result.validation.schemaValid,
      trustIssues: result.validation.trustIssues.map((issue) => ({ code: issue.code, path: issue.path, message: issue.message })),
    },
    humanReviewReasons: [...result.humanReviewReasons].sort(),
    nextAction: result.nextAction,
    error: result.error ? { code: result.error.code, message: result.error.message } : null,
    limitations: [...result.limitations],
    usage: projectUsage(result.usage),
  };
}
