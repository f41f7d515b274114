import { ComingSoon } from '../../../components/coming-soon';
import { PublicPage } from '../../../components/public-page';

/** SPEC §2 document viewer (/view?fileId=…); the pdf.js viewer arrives with the document features. */
export function ViewPage() {
  return (
    <PublicPage>
      <ComingSoon titleKey="viewer.title" />
    </PublicPage>
  );
}
