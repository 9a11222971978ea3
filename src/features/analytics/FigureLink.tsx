// A figure that opens the request-log explorer filtered to its requests. A page of figures holds a few hundred of
// them and re-renders with every new reading, so a figure is a plain <a> styled as Mantine's Anchor: one
// provider (FigureLinks) resolves the console's base path and navigates inside the app on a plain click, where a
// react-router <Link> per figure would resolve its path and subscribe to the location on every render.
import { createContext, useContext, useMemo, type MouseEvent, type ReactNode } from 'react';
import { useHref, useNavigate } from 'react-router-dom';
import type { LinkSpec } from './model/aggregate';
import { explorerHref, type SortedLink } from './links';
import classes from './FigureLink.module.css';

interface Nav {
  base: string;
  onClick: (e: MouseEvent<HTMLAnchorElement>) => void;
}

const NavContext = createContext<Nav>({ base: '', onClick: () => undefined });

export function FigureLinks({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const root = useHref('/');
  const nav = useMemo<Nav>(
    () => ({
      base: root.replace(/\/$/, ''),
      onClick: (e) => {
        // A new tab, window or download stays the browser's.
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
        const to = e.currentTarget.dataset.to;
        if (!to) return;
        e.preventDefault();
        navigate(to);
      },
    }),
    [root, navigate],
  );
  return <NavContext.Provider value={nav}>{children}</NavContext.Provider>;
}

/** A figure that opens the explorer; a wider list says so in its title and with a *. */
export function FigureLink({
  link,
  children,
  label,
}: {
  link: SortedLink | LinkSpec;
  children: ReactNode;
  label: string;
}) {
  const { base, onClick } = useContext(NavContext);
  const to = explorerHref(link);
  return (
    <a
      className={`mantine-focus-auto ${classes.link}`}
      href={base + to}
      data-to={to}
      onClick={onClick}
      title={link.exact ? `Open these requests in the request log` : link.note}
      aria-label={link.exact ? label : `${label} (opens a wider list)`}
      data-exact={link.exact}
    >
      {children}
      {!link.exact && '*'}
    </a>
  );
}

/** A button whose label wraps instead of running past its card on a phone (issue 34). */
export const wrappedButton = classes.wrapped;
