import type { docs_v1 } from '@googleapis/docs';
import type { DocTab } from '../application/ports/doc-store.port.js';

/**
 * Google Docs tabs, as pure functions. A document read with `includeTabsContent=true` carries its content
 * per tab (`tabs[].documentTab`) and none at the top; every location and range of a request names its tab
 * (`tabId`), and a request without one goes to the first tab.
 */
type Request = docs_v1.Schema$Request;

/**
 * What is read of the tabs: their ids and titles, and with `content` that of each tab's content (what a
 * write without tabs reads of the document).
 */
export function tabReadFields(content: string | null): string {
  const tab = `tabProperties(tabId,title)${content ? `,documentTab(${content})` : ''}`;
  // Nested tabs (childTabs) two levels down, as deep as the Docs editor lets a user nest them.
  return `revisionId,tabs(${tab},childTabs(${tab},childTabs(${tab})))`;
}

/** Every tab in the order the Docs editor lists them: each tab, then its nested tabs. */
function flatTabs(tabs: readonly docs_v1.Schema$Tab[]): docs_v1.Schema$Tab[] {
  return tabs.flatMap((tab) => [tab, ...flatTabs(tab.childTabs ?? [])]);
}

/** The tabs of a document read with `includeTabsContent=true`. */
export function tabsOf(document: docs_v1.Schema$Document): DocTab[] {
  return flatTabs(document.tabs ?? []).flatMap((tab) => {
    const id = tab.tabProperties?.tabId;
    return id ? [{ id, title: tab.tabProperties?.title ?? '' }] : [];
  });
}

/** The tab a write goes to: the one asked for, or the first when it is gone (`missing`). */
export interface TabTarget {
  /** The document as a write without tabs reads it: the tab's body, the markers of every tab. */
  view: docs_v1.Schema$Document;
  tabId: string | undefined;
  missing: boolean;
}

/**
 * The chosen tab of a document read with `tabReadFields`. A block's marker is looked for in every tab: a
 * block an earlier attempt wrote to another tab (the user changed the setting in between) is not written twice.
 */
export function tabTarget(document: docs_v1.Schema$Document, tabId: string): TabTarget {
  const tabs = flatTabs(document.tabs ?? []);
  const chosen = tabs.find((tab) => tab.tabProperties?.tabId === tabId);
  const tab = chosen ?? tabs[0];
  const namedRanges = Object.assign({}, ...tabs.map((each) => each.documentTab?.namedRanges ?? {})) as docs_v1.Schema$Document['namedRanges'];
  return {
    view: { revisionId: document.revisionId, body: tab?.documentTab?.body ?? { content: [] }, namedRanges },
    tabId: tab?.tabProperties?.tabId ?? undefined,
    missing: chosen === undefined,
  };
}

/** The requests with every location and range in the tab (none: they stay in the first tab). */
export function inTab(requests: Request[], tabId: string | undefined): Request[] {
  if (!tabId) return requests;
  return requests.map((request) => {
    const [kind, args] = Object.entries(request)[0] ?? [];
    if (!kind || typeof args !== 'object' || args === null) return request;
    const scoped: Record<string, unknown> = { ...(args as Record<string, unknown>) };
    for (const key of ['location', 'range', 'endOfSegmentLocation']) {
      const value = scoped[key];
      if (typeof value === 'object' && value !== null) scoped[key] = { ...value, tabId };
    }
    return { [kind]: scoped } as Request;
  });
}
