export const id = 661;
export const ids = [661];
export const modules = {

/***/ 61661:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   installSecretMasker: () => (/* binding */ installSecretMasker),
/* harmony export */   redact: () => (/* binding */ redact),
/* harmony export */   registerSecret: () => (/* binding */ registerSecret),
/* harmony export */   resetSecretsForTesting: () => (/* binding */ resetSecretsForTesting),
/* harmony export */   sanitizeMessage: () => (/* binding */ sanitizeMessage)
/* harmony export */ });
/**
 * Secret redaction. Every secret value DepVerdict reads (API keys, tokens) is registered
 * here the moment it is read; every text that leaves the process (logs, errors, comment,
 * trace, manifest) passes through `redact`. Registering also masks it in GitHub logs when a
 * masker is installed (the action installs core.setSecret).
 */
const secrets = new Set();
let masker = null;
/** Values shorter than this are not treated as secrets (they would redact ordinary words). */
const MIN_SECRET_LENGTH = 6;
function installSecretMasker(mask) {
    masker = mask;
    for (const secret of secrets)
        mask(secret);
}
function registerSecret(value) {
    if (!value || value.length < MIN_SECRET_LENGTH)
        return;
    // A provider may echo the key back in another encoding (a URL, a JSON string, Basic auth);
    // each form that differs from the raw value is redacted and masked as well.
    const forms = new Set([value, encodeURIComponent(value), JSON.stringify(value).slice(1, -1), Buffer.from(value).toString('base64')]);
    for (const form of forms) {
        if (secrets.has(form))
            continue;
        secrets.add(form);
        masker?.(form);
    }
}
/** Replaces every registered secret, and anything shaped like a bearer credential, with `***`. */
function redact(text) {
    let out = text;
    // Longest first: an encoded form may contain the raw value (or the reverse).
    for (const secret of [...secrets].sort((a, b) => b.length - a.length))
        out = out.split(secret).join('***');
    return out
        .replace(/(authorization\s*[:=]\s*)(bearer\s+)?[^\s"',;]+/gi, '$1$2***')
        .replace(/\bBearer\s+[A-Za-z0-9._~+/=-]{8,}/g, 'Bearer ***')
        // Each prefix with the separator its tokens use: npm and GitHub tokens are `npm_`/`ghp_` and
        // letters and digits, so package names such as `validate-npm-package-name` or
        // `npm-package-arg` (and npm's `npm_package_version` variables) are not taken for tokens.
        .replace(/\b(?:npm|gh[pousr])_[A-Za-z0-9]{10,}/g, '***')
        .replace(/\bgithub_pat_[A-Za-z0-9_]{10,}/g, '***')
        .replace(/\b(?:sk|glpat|xox[abpr])[-_][A-Za-z0-9_-]{10,}/g, '***')
        // Google API keys have no separator after the prefix.
        .replace(/\bAIza[0-9A-Za-z_-]{30,}/g, '***');
}
/**
 * A message safe to show: secrets redacted, control characters removed, bounded length.
 * Use for every error message built from provider or registry responses.
 */
function sanitizeMessage(text, maxLength = 300) {
    // Bidirectional overrides and isolates (U+202A–202E, U+2066–2069) could make a log line read
    // differently from what it says; they go with the control characters.
    // eslint-disable-next-line no-control-regex
    const cleaned = redact(text).replace(/[\u0000-\u0008\u000b-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g, ' ').replace(/\s+/g, ' ').trim();
    if (cleaned.length <= maxLength)
        return cleaned;
    // Cut between code points: a surrogate pair split in half is not text.
    const cut = cleaned.slice(0, maxLength - 1);
    return `${/[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut}…`;
}
/** For tests only: forget registered secrets between cases. */
function resetSecretsForTesting() {
    secrets.clear();
    masker = null;
}


/***/ })

};
