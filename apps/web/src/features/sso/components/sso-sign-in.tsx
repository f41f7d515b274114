import { useEffect, useState } from 'react';
import { LoginOutlined } from '@ant-design/icons';
import { Alert, Button, Divider } from 'antd';
import { useTranslation } from 'react-i18next';
import { emailField } from '@edoc/contract/fields';
import { currentLang } from '../../../lib/i18n';
import { ssoStartHref, useSsoChoices, useSsoDiscover } from '../sign-in-api';
import { ssoErrorText } from './sso-error';

/** Waits for the typing to pause before asking the server about the address's domain. */
function useSettled(value: string | undefined, ms = 400): string | undefined {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The login form's single sign-on part (issue 29 part 1): a refusal the provider's round trip ended with
 * (`?sso_error=`), and "Sign in with <company>" once the typed address's domain has a provider. The button is a
 * plain link: the server answers it with a redirect to the provider.
 */
export function SsoSignIn({ email }: { email: string | undefined }) {
  const { t } = useTranslation();
  const settled = useSettled(email?.trim());
  const valid = settled && emailField.safeParse(settled).success ? settled : null;
  const found = useSsoDiscover(valid);
  const provider = valid ? found.data?.provider : null;
  // Read from the address itself: the login page runs without the router (issue 30); the refusal comes with the load.
  const error = ssoErrorText(new URLSearchParams(window.location.search).get('sso_error'));
  return (
    <>
      {error && (
        <Alert
          id="sso-error"
          type="error"
          showIcon

          style={{ marginBottom: 16 }}
          title={t('sso.failed')}
          description={error}
        />
      )}
      {provider ? (
        <>
          <Divider plain>{t('sso.or')}</Divider>
          <Button
            id="sso-sign-in"
            block
            size="large"
            icon={<LoginOutlined />}
            href={ssoStartHref(provider.providerId, currentLang())}
            style={{ marginBottom: 16 }}
          >
            {t('sso.signInWith', { label: provider.label })}
          </Button>
        </>
      ) : (
        <CompanyChoice />
      )}
    </>
  );
}

/**
 * The other way in (issue 29 part 1): a person who does not sign in with an address of their company's domain picks
 * the company. The labels are asked only when the choice is opened, so the login page itself lists no company.
 */
function CompanyChoice() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const choices = useSsoChoices(open);
  if (!open)
    return (
      <Button id="sso-choose" type="link" block onClick={() => setOpen(true)} style={{ marginBottom: 8 }}>
        {t('sso.chooseCompany')}
      </Button>
    );
  const list = choices.data ?? [];
  return (
    <nav id="sso-choices" aria-label={t('sso.chooseCompany')} style={{ marginBottom: 16 }}>
      <Divider plain>{t('sso.chooseCompany')}</Divider>
      {choices.isFetching && !choices.data ? (
        <p role="status">{t('sso.choicesLoading')}</p>
      ) : list.length === 0 ? (
        <p role="status">{t('sso.noChoices')}</p>
      ) : (
        <div style={{ display: 'grid', gap: 8, maxHeight: 240, overflowY: 'auto' }}>
          {list.map((c) => (
            <Button
              key={c.providerId}
              id={`sso-choice-${c.providerId}`}
              block
              icon={<LoginOutlined />}
              href={ssoStartHref(c.providerId, currentLang())}
            >
              {t('sso.signInWith', { label: c.label })}
            </Button>
          ))}
        </div>
      )}
    </nav>
  );
}
