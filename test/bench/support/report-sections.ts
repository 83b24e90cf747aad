import { readFileSync, writeFileSync } from 'node:fs';

/**
 * Puts sections measured alone (`BENCH_ONLY=… BENCH_WRITE_SECTIONS=1`) into the report in place of their
 * earlier versions, or before the notes when they are new, each with a line saying where and when it was
 * measured: the rest of the report keeps the machine and commit of its own run.
 */
export function replaceSections(reportFile: string, sections: string[][], measured: string): void {
  let report = readFileSync(reportFile, 'utf8');
  for (const section of sections) {
    const [heading, ...rest] = section;
    if (!heading?.startsWith('## ')) continue;
    const text = [heading, '', `_${measured}_`, ...rest].join('\n');
    const start = report.indexOf(`\n${heading}\n`);
    if (start >= 0) {
      const next = report.indexOf('\n## ', start + heading.length + 2);
      report = `${report.slice(0, start + 1)}${text}\n${next >= 0 ? report.slice(next) : ''}`;
    } else {
      const notes = report.indexOf('\n## Targets missed');
      const at = notes >= 0 ? notes : report.indexOf('\n## Running them');
      report = at >= 0 ? `${report.slice(0, at + 1)}${text}\n${report.slice(at)}` : `${report}\n${text}\n`;
    }
  }
  writeFileSync(reportFile, report);
}
