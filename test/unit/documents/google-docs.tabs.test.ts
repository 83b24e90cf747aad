import type { docs_v1 } from '@googleapis/docs';
import { describe, expect, it } from 'vitest';
import { inTab, tabReadFields, tabTarget, tabsOf } from '../../../src/modules/documents/infra/google-docs.tabs.js';

const tab = (tabId: string, title: string, text: string, marker?: string, childTabs: docs_v1.Schema$Tab[] = []): docs_v1.Schema$Tab => ({
  tabProperties: { tabId, title },
  documentTab: {
    body: { content: [{ endIndex: 1 }, { startIndex: 1, endIndex: 1 + text.length, paragraph: { elements: [{ textRun: { content: text } }] } }] },
    ...(marker ? { namedRanges: { [marker]: { name: marker, namedRanges: [] } } } : {}),
  },
  childTabs,
});

const document: docs_v1.Schema$Document = {
  revisionId: 'rev-7',
  tabs: [tab('t.0', 'Overview', 'Intro\n', undefined, [tab('t.child', 'Nested', 'Child\n', 'mailscribe-block-a')]), tab('t.invoices', 'Invoices', 'Invoices\n')],
};

describe('Google Docs tabs', () => {
  it('lists every tab, nested ones after their parent', () => {
    expect(tabsOf(document)).toEqual([
      { id: 't.0', title: 'Overview' },
      { id: 't.child', title: 'Nested' },
      { id: 't.invoices', title: 'Invoices' },
    ]);
  });

  it('reads the chosen tab as a write without tabs reads the document, with the markers of every tab', () => {
    const target = tabTarget(document, 't.invoices');
    expect(target.tabId).toBe('t.invoices');
    expect(target.missing).toBe(false);
    expect(target.view.revisionId).toBe('rev-7');
    expect(target.view.body?.content?.at(-1)?.endIndex).toBe(10);
    expect(Object.keys(target.view.namedRanges ?? {})).toEqual(['mailscribe-block-a']);
  });

  it('takes the first tab when the chosen one is gone, and says so', () => {
    expect(tabTarget(document, 't.deleted')).toMatchObject({ tabId: 't.0', missing: true });
  });

  it('puts the tab on every location and range of the requests, and leaves them alone without a tab', () => {
    const requests: docs_v1.Schema$Request[] = [
      { insertText: { location: { index: 5 }, text: 'x' } },
      { updateTextStyle: { range: { startIndex: 5, endIndex: 6 }, textStyle: {}, fields: 'bold' } },
      { createNamedRange: { name: 'm', range: { startIndex: 5, endIndex: 6 } } },
    ];
    expect(inTab(requests, 't.invoices')).toEqual([
      { insertText: { location: { index: 5, tabId: 't.invoices' }, text: 'x' } },
      { updateTextStyle: { range: { startIndex: 5, endIndex: 6, tabId: 't.invoices' }, textStyle: {}, fields: 'bold' } },
      { createNamedRange: { name: 'm', range: { startIndex: 5, endIndex: 6, tabId: 't.invoices' } } },
    ]);
    expect(inTab(requests, undefined)).toBe(requests);
  });

  it('asks for the tabs\' ids and titles, and their content only when asked', () => {
    expect(tabReadFields(null)).not.toContain('documentTab');
    expect(tabReadFields('namedRanges')).toContain('tabs(tabProperties(tabId,title),documentTab(namedRanges),childTabs(');
  });
});
