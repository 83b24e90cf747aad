/** The fake Google Docs' shapes (fake-google-docs.model.ts applies requests to them) and its small helpers. */

export type Style = Record<string, unknown>;

export interface FakeRun {
  text: string;
  style: Style;
}

export interface FakeParagraph {
  /** Without the closing newline. */
  text: string;
  namedStyleType: string;
  style: Style;
  bullet: boolean;
  /** The list the paragraph is in, as `bullet.listId` names it, or null. */
  listId: string | null;
  /** The preset its list was made with (`BULLET_DISC_CIRCLE_SQUARE`, `BULLET_CHECKBOX` …), or null. */
  preset: string | null;
  /** Consecutive code units with the same text style; the closing newline is left out. */
  runs: FakeRun[];
  /** The text of each bold run, in order. */
  bold: string[];
  /** Each linked run: its text and URL. */
  links: { text: string; url: string }[];
}

/** A paragraph's place in a list: the list's id (`Doc.lists` has its preset). */
export interface FakeBullet {
  listId: string;
}

export type DocsRequest = Record<string, unknown>;

export interface Unit {
  ch: string;
  style: Style;
  /** On a paragraph's closing newline only. */
  paragraph?: { style: Style; bullet: FakeBullet | null };
  /** Ids of the named ranges that cover this unit. */
  ranges?: string[];
}

/** What each tab holds: its body's code units, its named ranges and its lists. */
export interface TabContent {
  units: Unit[];
  /** Named range id → name. */
  rangeNames: Record<string, string>;
  /** List id → the preset it was created with (absent: no list yet). */
  lists?: Record<string, string>;
}

/** A document; its own content is its first tab's. */
export interface Doc extends TabContent {
  id: string;
  title: string;
  account: string;
  trashed: boolean;
  revision: number;
  /** The first tab's id and title (default `t.0`, "Tab 1"). */
  firstTab?: { id: string; title: string };
  /** The tabs after the first, each with its own content. */
  moreTabs?: ({ id: string; title: string } & TabContent)[];
}


export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}

export function sameStyle(a: Style, b: Style): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
