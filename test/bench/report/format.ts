// How the benchmark page writes numbers and verdicts, the same in every section.

export const fixed = (value: number, digits = 0) => value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
export const kb = (bytes: number) => `${fixed(bytes / 1000, 1)} kB`;
export const verdict = (met: boolean) => (met ? 'met' : '**missed**');
