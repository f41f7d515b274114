import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { navigateTo } from '../lib/navigation';

type AppLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/**
 * A link within the app for the pages that run without the router (lib/navigation.ts): a real href, so that opening
 * it in a new tab and the screen reader's "link" work; a plain click moves without a page load, as the router's Link.
 */
export function AppLink({ to, onClick, ...rest }: AppLinkProps) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    if (event.defaultPrevented || event.button !== 0 || modified || (rest.target && rest.target !== '_self')) return;
    event.preventDefault();
    navigateTo(to);
  };
  return <a href={to} onClick={follow} {...rest} />;
}
