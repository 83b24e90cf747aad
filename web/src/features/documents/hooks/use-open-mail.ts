import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';

/** The URL query parameter that names the mail shown in the panel: a reload or a shared link opens it again. */
export const MAIL_PARAM = 'mail';

type OpenedHere = { mailOpenedHere?: boolean };

/**
 * The mail open in the panel (`?mail=<id>`). Opening adds a history entry, so Back closes the panel;
 * closing a panel opened on this page goes back to that entry, and one the page was loaded with
 * (a reload, a link) just leaves the URL without it.
 */
export function useOpenMail() {
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const mailId = search.get(MAIL_PARAM) || null;
  const openedHere = (location.state as OpenedHere | null)?.mailOpenedHere === true;

  // setSearch changes with every URL change; openMail must not, as a table re-creates its cells (and
  // loses the focus the panel gives back) when a column's renderer changes.
  const setSearchRef = useRef(setSearch);
  useEffect(() => {
    setSearchRef.current = setSearch;
  }, [setSearch]);

  const openMail = useCallback(
    (id: string) =>
      setSearchRef.current(
        (current) => {
          const next = new URLSearchParams(current);
          next.set(MAIL_PARAM, id);
          return next;
        },
        { state: { mailOpenedHere: true } satisfies OpenedHere },
      ),
    [],
  );

  const closeMail = useCallback(() => {
    if (openedHere) {
      navigate(-1);
      return;
    }
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(MAIL_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [openedHere, navigate, setSearch]);

  return { mailId, openMail, closeMail };
}
