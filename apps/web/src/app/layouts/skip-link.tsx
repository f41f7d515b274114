import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAIN_ID } from '../../lib/main-region';
import './skip-link.css';

/**
 * "Skip to content" (issue 31, WCAG 2.4.1): the first thing Tab reaches on a signed-in page, shown only while it has
 * the focus, and Enter puts the focus on the page's own content, past the menu and the header. The focus is moved
 * in code rather than by the address's #fragment, which the router would take for a navigation.
 */
export function SkipLink() {
  const { t } = useTranslation();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById(MAIN_ID)?.focus();
  };
  return (
    <a id="skip-to-content" className="skip-link" href={`#${MAIN_ID}`} onClick={skip}>
      {t('common.skipToContent')}
    </a>
  );
}
