/** DepVerdict's own version, shown in the comment footer and recorded in the manifest. */
export const DEPVERDICT_VERSION = '0.1.0';
