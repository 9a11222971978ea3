export * from './log-retention.mjs';
/** A burst is over once no full batch has come for this long; then the journal is written out. */
export const HOLD_CHECK_MS: number;
