import { ComingSoon } from '../../../components/coming-soon';
import { PublicPage } from '../../../components/public-page';

/** SPEC §2 external-user registration; the form arrives with the user-approval feature. */
export function RegisterPage() {
  return (
    <PublicPage>
      <ComingSoon titleKey="register.title" />
    </PublicPage>
  );
}
