/**
 * Pasted machine output (logs, stack traces, JSON lines) collapsed to a few sample lines and a count:
 * a reader skims it, a summariser needs only its errors, and the user is charged on what remains.
 */

/** Only this much of a line is looked at: per-line work stays bounded on hostile input. */
const HEAD = 200;
/** Runs shorter than this stay as they are (a short trace is content). */
const MIN_RUN = 12;
const LEADING_SAMPLES = 3;
const MAX_SAMPLES = 6;
/** A kept sample is cut to this length. */
const SAMPLE_CHARS = 200;

const TIMESTAMP =
  /^[[(]?(?:\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}|\d{2}[./-]\d{2}[./-]\d{4}[ T]\d{2}:\d{2}:\d{2}|\d{2}:\d{2}:\d{2}(?:[.,]\d+)?\s|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec) [ \d]\d \d{2}:\d{2}:\d{2}|\d{10}(?:\.\d+)?\s)/i;
const LEVEL = /^[[(]?(?:TRACE|DEBUG|INFO|NOTICE|WARN|WARNING|ERROR|ERR|FATAL|CRITICAL|SEVERE|PANIC)[\])]?[\s:|-]/;
const FRAME =
  /^(?:at [\w$.<>[\]/-]+(?: \[as \w+\])? \(.{1,150}:\d+(?::\d+)?\)|at \S{1,150}:\d+:\d+|at [\w$.]+\([\w$.-]*(?:\.java|\.kt|\.scala)?:?\d*\)|at [\w$.<>]+\((?:Native Method|Unknown Source)\)|file ".{1,150}", line \d+|\.\.\. \d+ more|caused by: |traceback \(most recent call last\)|#\d+ (?:0x[0-9a-f]+ |\S+ ?\())/i;
const JSON_LINE = /^\{\s?"[\w@.-]{1,40}"\s?:/;
const KEY_VALUE_LOG = /^(?:time|ts|level|lvl|msg)=\S/;
const SEVERE = /\b(?:error|err|fatal|critical|severe|panic|exception|fail(?:ed|ure)?|warn(?:ing)?|traceback|caused by)\b/i;

/** Whether a (trimmed) line is machine output: timestamped or levelled log, stack frame, JSON log. */
export function isMachineLine(line: string): boolean {
  const head = line.length > HEAD ? line.slice(0, HEAD) : line;
  return TIMESTAMP.test(head) || LEVEL.test(head) || FRAME.test(head) || JSON_LINE.test(head) || KEY_VALUE_LOG.test(head);
}

/**
 * Replaces each run of at least MIN_RUN machine lines (blank lines inside a run allowed) by its first
 * lines and its first distinct error or warning lines, in their order, then `[… N more similar lines]`.
 */
export function collapseMachineOutput(lines: readonly string[]): string[] {
  const out: string[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index] ?? '';
    if (line === '' || !isMachineLine(line)) {
      out.push(line);
      index += 1;
      continue;
    }
    const run: string[] = [];
    let end = index;
    while (end < lines.length) {
      const next = lines[end] ?? '';
      if (next !== '' && !isMachineLine(next)) break;
      if (next !== '') run.push(next);
      end += 1;
    }
    // Trailing blank lines are not part of the run: they separate it from what follows.
    while (end > index && (lines[end - 1] ?? '') === '') end -= 1;
    if (run.length < MIN_RUN) out.push(...lines.slice(index, end));
    else {
      const samples = samplesOf(run);
      out.push(...samples, `[… ${(run.length - samples.length).toLocaleString('en-US')} more similar lines]`);
    }
    index = end;
  }
  return out;
}

function samplesOf(run: readonly string[]): string[] {
  const chosen = new Set<number>();
  const seen = new Set<string>();
  // Errors and warnings first: they are what a reader looks for. Distinct ones, numbers aside.
  for (let i = 0; i < run.length && chosen.size < MAX_SAMPLES - LEADING_SAMPLES; i += 1) {
    const head = (run[i] ?? '').slice(0, HEAD);
    if (!SEVERE.test(head)) continue;
    const shape = head.replace(/\d+/g, '0');
    if (seen.has(shape)) continue;
    seen.add(shape);
    chosen.add(i);
  }
  for (let i = 0; i < run.length && chosen.size < MAX_SAMPLES && i < LEADING_SAMPLES; i += 1) chosen.add(i);
  return [...chosen].sort((a, b) => a - b).map((i) => cut(run[i] ?? ''));
}

function cut(line: string): string {
  return line.length > SAMPLE_CHARS ? `${line.slice(0, SAMPLE_CHARS - 1)}…` : line;
}
