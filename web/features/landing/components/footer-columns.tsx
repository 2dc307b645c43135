import { CONTACT_EMAIL, SOCIAL_LINKS } from '../content';
import { SocialIcon } from './icons';
import { NewsletterForm } from './newsletter-form';
import { rich, useT } from '../../../i18n/use-t';
import { landingMessages } from '../messages';

const onDarkFocus =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-content';

/** The landing footer's first column: what Canopy is, where to write, the social links. */
export function FooterAbout() {
  const t = useT(landingMessages);
  return (
    <>
      <p>{t('footer.about')}</p>
      <p className="mt-4">
        {rich(t('footer.writeTo', { email: CONTACT_EMAIL }), {
          mail: (email) => (
            <a
              href={`mailto:${email}`}
              className={`rounded-sm font-semibold text-neutral-content underline underline-offset-4 ${onDarkFocus}`}
            >
              {email}
            </a>
          ),
        })}
      </p>
      <ul className="mt-6 flex gap-2" aria-label={t('footer.socialLabel')}>
        {SOCIAL_LINKS.map((social) => (
          <li key={social.network}>
            <a
              href={social.href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t('footer.opensNewTab', { label: t(`social.${social.network}`) })}
              className={`flex h-11 w-11 items-center justify-center rounded-full bg-neutral-content/10 text-neutral-content transition-colors hover:bg-neutral-content/20 ${onDarkFocus}`}
              data-testid={`social-${social.network}`}
            >
              <SocialIcon network={social.network} />
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The landing footer's last column: the newsletter sign-up. */
export function FooterNewsletter() {
  const t = useT(landingMessages);
  return (
    <>
      <h3 className="font-semibold">{t('footer.stayInLoop')}</h3>
      <div className="mt-4">
        <NewsletterForm />
      </div>
    </>
  );
}
