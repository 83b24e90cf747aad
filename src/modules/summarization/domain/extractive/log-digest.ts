/**
 * A machine log pasted or attached as text is summarised as what it is: how many lines, over what
 * time, how many errors and warnings, never as twenty log lines.
 */

const TIMESTAMP = /^\s*\[?(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2})?|\d{2}:\d{2}:\d{2}|[A-Z][a-z]{2}\s+\d{1,2} \d{2}:\d{2}:\d{2})/;
const LEVEL = /\b(?:ERROR|ERR|WARN(?:ING)?|INFO|DEBUG|TRACE|FATAL|CRIT(?:ICAL)?|NOTICE)\b/;
const STACK = /^\s*(?:at\s+[\w.$<>]+\s?\(.*\)|at\s+[\w.$<>/]+:\d+|File ".*", line \d+|Traceback \(most recent call last\)|\.\.\. \d+ more|Caused by:)/;
const ERROR = /\b(?:ERROR|ERR|FATAL|CRIT(?:ICAL)?|Exception|Traceback|panic|failed|failure)\b/i;
const WARNING = /\bWARN(?:ING)?\b/;

const MIN_LOG_LINES = 15;
/** The mail pipeline keeps a long log's first and first distinct error lines, then says how many it left out. */
const COLLAPSED = /^\[…\s*([\d,.\s]+)\s+more similar lines\]$/u;

export interface LogDigest {
  /** The text without its log lines: what a person wrote around the log. */
  prose: string;
  summary: string;
}

export function digestLog(text: string): LogDigest | null {
  const lines = text.split('\n');
  const filled = lines.filter((line) => line.trim() !== '');
  const isLog = (line: string): boolean =>
    TIMESTAMP.test(line) || STACK.test(line) || COLLAPSED.test(line.trim()) || (LEVEL.test(line) && /^\s*\[?[A-Z]/.test(line));
  const logLines = filled.filter(isLog);
  const omitted = filled.reduce((sum, line) => sum + Number((COLLAPSED.exec(line.trim())?.[1] ?? '0').replace(/\D/g, '')), 0);
  const collapsed = filled.some((line) => COLLAPSED.test(line.trim()));
  if (!collapsed && (logLines.length < MIN_LOG_LINES || logLines.length < filled.length * 0.5)) return null;

  const entries = logLines.filter((line) => !STACK.test(line) && !COLLAPSED.test(line.trim()));
  const errors = entries.filter((line) => ERROR.test(line));
  const warnings = entries.filter((line) => WARNING.test(line) && !ERROR.test(line));
  const stamps = entries.map((line) => TIMESTAMP.exec(line)?.[1]).filter((stamp): stamp is string => stamp !== undefined);
  const span = stamps.length >= 2 ? ` (${stamps[0] ?? ''} – ${stamps[stamps.length - 1] ?? ''})` : '';

  // Repeats of one error, numbers aside, count once.
  const distinct = new Set(errors.map((line) => messageOf(line).replace(/\d+/g, '#')));
  // A collapsed log shows only samples: its counts of errors and warnings would be wrong, so none is
  // given. Log lines themselves are never quoted: they are machine text (ids, hosts), not a summary.
  const summary = collapsed
    ? `A log of ${(entries.length + omitted).toLocaleString('en-US')} lines${errors.length > 0 ? ', with errors' : ''}.`
    : `A log of ${entries.length} entries${span}: ${errors.length} ${errors.length === 1 ? 'error' : 'errors'}, ` +
      `${warnings.length} ${warnings.length === 1 ? 'warning' : 'warnings'}` +
      (distinct.size > 1 ? ` (${distinct.size} different errors).` : '.');
  return { prose: lines.filter((line) => !isLog(line)).join('\n'), summary };
}

/** The log line without its timestamp, so repeats of one error are counted once. */
function messageOf(line: string): string {
  return line.replace(TIMESTAMP, '').replace(/^[\]\s:,.-]+/, '').trim();
}
