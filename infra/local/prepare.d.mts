export const root: string;
export function ensureInstalled(): void;
export function ensureWebBuilt(opts?: { force?: boolean }): void;
export function ensureChromium(): void;
export function runTsx(entry: string, args?: string[], env?: Record<string, string>): void;
