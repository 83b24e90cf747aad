import type { Unit } from './units.js';

/**
 * Issue trackers (Jira, GitHub, GitLab, YouTrack…) list an issue's fields in every notification. Only
 * what changed and who must act is news: a changed field and the assignee, reviewer or due date lead
 * the summary; the fields that only identify or file the issue (key, project, type, reporter, labels…)
 * are left out unless their value changed.
 */

/** Fields that file or identify an issue; a status or a priority only matters when it changed. Lowercased labels. */
const OPAQUE = new Set(
  [
    'key', 'issue key', 'id', 'project', 'issue type', 'type', 'work type', 'reporter', 'creator', 'author', 'labels', 'label', 'components', 'component', 'component/s',
    'created', 'updated', 'last updated', 'resolved', 'url', 'link', 'watchers', 'votes', 'environment', 'sprint', 'epic', 'epic link', 'parent', 'rank',
    'story points', 'original estimate', 'remaining estimate', 'time spent', 'fix version', 'fix versions', 'fix version/s', 'affects version', 'affects versions',
    'affects version/s', 'security level', 'attachments', 'issue links', 'team', 'repository', 'milestone', 'status', 'priority', 'severity', 'resolution',
    // German, French, Spanish, Polish, Japanese Jira
    'schlüssel', 'projekt', 'vorgangstyp', 'autor', 'stichwörter', 'komponenten', 'erstellt', 'aktualisiert', 'priorität', 'lösung',
    'clé', 'projet', 'type de ticket', 'rapporteur', 'étiquettes', 'composants', 'créé', 'mis à jour', 'priorité', 'état', 'statut', 'résolution',
    'clave', 'proyecto', 'tipo de incidencia', 'informador', 'etiquetas', 'componentes', 'creada', 'actualizada', 'prioridad', 'estado', 'resolución',
    'klucz', 'typ zgłoszenia', 'zgłaszający', 'etykiety', 'komponenty', 'utworzono', 'zaktualizowano', 'priorytet', 'rozwiązanie',
    'キー', 'プロジェクト', '課題タイプ', '報告者', 'ラベル', 'コンポーネント', '作成日', '更新日', '優先度', 'ステータス', '解決状況',
  ],
);

/** Who must act, and by when. */
const ACTING = new Set(
  [
    'assignee', 'assigned to', 'assignees', 'reviewer', 'reviewers', 'requested reviewers', 'owner', 'due date', 'due', 'deadline',
    'bearbeiter', 'zugewiesen an', 'fälligkeitsdatum', 'fällig am', 'responsable', 'attribué à', 'échéance', "date d'échéance",
    'asignado a', 'fecha de vencimiento', 'vencimiento', 'osoba przypisana', 'przypisane do', 'termin', 'termin wykonania', '担当者', '期限', '期日',
  ],
);

/** A value that shows its change: "To Do → In Progress", "In Progress (was: Open)", "from 3 to 5". */
const CHANGED = /→|->|⇒|=>|\((?:was|war|était|era|był[oa]?|以前):?\s|\bwas:\s|\bchanged from\b|\bfrom\b.{1,40}\bto\b|\b(?:vorher|zuvor|antes|wcześniej|auparavant)\s?:|\bvon\b.{1,40}\bauf\b/iu;

/** Labels only a tracker writes: a booking's "Status:" and "Type:" do not make it an issue. */
const TRACKER_ONLY = new Set(
  [
    'key', 'issue key', 'issue type', 'work type', 'reporter', 'assignee', 'assignees', 'labels', 'components', 'component/s', 'sprint', 'epic link',
    'story points', 'fix version/s', 'affects version/s', 'resolution', 'watchers', 'reviewers', 'requested reviewers',
    'vorgangstyp', 'bearbeiter', 'type de ticket', 'rapporteur', 'tipo de incidencia', 'informador', 'typ zgłoszenia', 'zgłaszający', 'osoba przypisana',
    '課題タイプ', '報告者', '担当者',
  ],
);

/** A field list is a tracker's when it has this many fields, this many of them a tracker's own. */
const MIN_FIELDS = 3;
const MIN_TRACKER_ONLY = 2;

export interface TrackerFields {
  /** Fields that only file the issue: left out. */
  dropped: ReadonlySet<Unit>;
  /** Changed fields, then who must act and by when: they lead the summary in this order. */
  leads: Unit[];
}

export function trackerFields(units: readonly Unit[]): TrackerFields | null {
  const fields = units.filter((unit) => unit.shape === 'field' && (OPAQUE.has(unit.label) || ACTING.has(unit.label)));
  if (fields.length < MIN_FIELDS || fields.filter((unit) => TRACKER_ONLY.has(unit.label)).length < MIN_TRACKER_ONLY) return null;
  const changed = (unit: Unit): boolean => CHANGED.test(unit.text.slice(unit.text.search(/[:：]/) + 1));
  return {
    dropped: new Set(fields.filter((unit) => OPAQUE.has(unit.label) && !changed(unit))),
    leads: [...units.filter((unit) => unit.shape === 'field' && changed(unit)), ...units.filter((unit) => unit.shape === 'field' && ACTING.has(unit.label) && !changed(unit))],
  };
}
