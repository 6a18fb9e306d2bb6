/** Types of core-limits.js: the core's file limits (JsonLimits), known before it loads. */

/** The most bytes a scenario or model file may have (128 MB). */
export const MAX_FILE_BYTES: number;

/** The most JSON values a file may hold. */
export const MAX_FILE_VALUES: number;

/** "134,217,728 bytes (128 MB)". */
export function bytesText(n: number): string;

/** Why a file of `size` bytes is refused, or null when it may be read. */
export function tooLargeMessage(size: number): string | null;
